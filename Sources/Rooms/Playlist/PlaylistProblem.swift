/// One problem found in a playlist, where it is, as data: AppCore words it (`line:col: ...`).
public struct PlaylistProblem: Hashable, Sendable {
    /// The line and column, when the problem has a place.
    public var position: TextPosition?
    /// What is wrong.
    public var reason: Reason

    /// Creates a problem report.
    public init(position: TextPosition?, reason: Reason) {
        self.position = position
        self.reason = reason
    }

    /// What is wrong with a playlist or one of its lines (R7).
    public enum Reason: Hashable, Sendable {
        /// The playlist is larger than the limit (the whole list is refused).
        case tooLarge(SizeLimit)
        /// A byte that is not UTF-8 (the whole list is refused).
        case invalidUTF8(byte: UInt8)
        /// A downloaded file whose first line is not `#EXTM3U`, such as a web page (the whole
        /// list is refused).
        case notExtendedM3U
        /// An HLS tag (`#EXT-X-TARGETDURATION`, `#EXT-X-STREAM-INF`, ...): the file is one
        /// stream to play, not a list of rooms.
        case hlsStream(tag: String)
        /// No entry in the whole list.
        case noEntries
        /// A line longer than the limit, in bytes; the line is skipped.
        case lineTooLong(limit: Int)
        /// An `#EXTINF` line with no entry after it (another `#EXTINF` or the end of the file).
        case infoWithoutEntry
        /// A control character in an entry, by its code point; the entry is skipped.
        case controlCharacter(UInt32)
        /// An entry that is no source FloatApp opens (R3); the entry is skipped.
        case badEntry(SourceSpecError)
        /// An entry whose network address is malformed; the entry is skipped.
        case badAddress(NetworkAddressProblem)
        /// An entry of a downloaded playlist that would open a file, a device or `lavfi:`.
        case localEntryInDownload(LocalSource)
        /// The entry past the limit; it and the rest of the list are left out.
        case tooManyEntries(limit: Int)
    }
}

/// Why a playlist gave no rooms, as data: AppCore words it. A problem that stops the whole
/// list comes last, after the lines skipped before it.
public struct PlaylistError: Error, Hashable, Sendable {
    /// The problems, at least one, in file order.
    public var problems: [PlaylistProblem]

    /// Creates an error from its problems.
    public init(problems: [PlaylistProblem]) {
        self.problems = problems
    }

    /// True when the file is an HLS playlist: one stream, to be opened as a room of its own.
    public var isHLSStream: Bool {
        problems.contains { if case .hlsStream = $0.reason { true } else { false } }
    }
}
