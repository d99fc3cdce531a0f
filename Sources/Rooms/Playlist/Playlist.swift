/// An extended M3U playlist (IPTV lists) read as a list of rooms to be (R7).
///
/// ```swift
/// let location = PlaylistLocation(filePath: "/home/ada/tv.m3u")
/// do {
///     let playlist = try Playlist.parse(bytes, location: location)
///     // playlist.entries; playlist.problems lists the lines skipped (AppCore words them)
/// } catch where error.isHLSStream {
///     // an HLS playlist: open it as one room
/// }
/// ```
///
/// Lines end in LF, CRLF or CR; a UTF-8 byte order mark is skipped; blank lines and unknown
/// `#` directives are skipped. `#EXTINF:-1 tvg-id="…" tvg-name="…" tvg-logo="…"
/// group-title="…",Title` gives the next entry its title and attributes (quoted with `"` or
/// `'`, or unquoted, in any order; commas inside quotes are the value's; the title is all
/// after the first comma outside quotes); `#EXTGRP:Group` gives the next entry a group when
/// its `#EXTINF` has none. Any `#EXT-X-` tag makes the file an HLS stream, not a list.
///
/// A bad line is skipped and reported, and the rest of the list loads; the list as a whole is
/// refused when it is over ``maximumSize``, not UTF-8, an HLS stream, has no entry at all, or
/// was downloaded and does not start with `#EXTM3U` (a web page is not a list). The parser
/// reads no file and no clock: it is linear in the bytes, and the limits bound its work.
public struct Playlist: Hashable, Sendable {
    /// The largest playlist read: 64 MiB (a 200,000-entry IPTV list with long attributes).
    public static let maximumSize = SizeLimit(mebibytes: 64)
    /// The longest line read, in bytes: 16 KiB (an address with a long token, or an `#EXTINF`
    /// with many attributes); a longer line is skipped.
    public static let maximumLineLength = 16_384
    /// The most entries read: 200,000; the rest of a longer list is left out, with a problem.
    public static let maximumEntries = 200_000
    /// The most problems kept in ``problems``; the others are only counted.
    public static let maximumReportedProblems = 1_000

    /// The entries, in file order.
    public var entries: [PlaylistEntry]
    /// The lines skipped, in file order, at most ``maximumReportedProblems``.
    public var problems: [PlaylistProblem]
    /// How many more lines were skipped than ``problems`` lists.
    public var unreportedProblemCount: Int

    /// Creates a playlist.
    public init(entries: [PlaylistEntry], problems: [PlaylistProblem] = [], unreportedProblemCount: Int = 0) {
        self.entries = entries
        self.problems = problems
        self.unreportedProblemCount = unreportedProblemCount
    }

    /// Reads a playlist's bytes.
    ///
    /// - Parameters:
    ///   - bytes: The file's or the download's contents.
    ///   - location: Where they came from: relative entries resolve against it, and a
    ///     downloaded list may name network addresses only.
    /// - Returns: The entries, with the lines skipped; it throws when no entry can be read.
    /// - Complexity: O(*n*) in the number of bytes.
    public static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes, location: PlaylistLocation) throws(PlaylistError) -> Playlist {
        guard bytes.count <= maximumSize.bytes else {
            throw PlaylistError(problems: [PlaylistProblem(position: nil, reason: .tooLarge(maximumSize))])
        }
        var reader = M3UReader(bytes: Array(bytes), location: location)
        return try reader.read()
    }
}
