import Localization
import Rooms

extension PlaylistProblem {
    /// `line:col: message`, or the message alone for a problem of the whole list (R7).
    public var words: String {
        guard let position else { return reason.words }
        return "\(position): " + reason.words
    }
}

extension PlaylistProblem.Reason {
    /// What is wrong, as the message after the place says it.
    public var words: String {
        let hex = { (value: UInt32) in String(value, radix: 16, uppercase: true) }
        return switch self {
        case .tooLarge(let limit):
            tr("the playlist is %s", limit.exceeded)
        case .invalidUTF8(let byte):
            tr("the playlist is not UTF-8: byte 0x%s", hex(UInt32(byte)))
        case .notExtendedM3U:
            tr("not an M3U playlist: a downloaded playlist starts with #EXTM3U")
        case .hlsStream(let tag):
            tr("an HLS stream (%s), not a list of rooms: open it as a room", tag)
        case .noEntries:
            tr("the playlist has no entry FloatApp can open")
        case .lineTooLong(let limit):
            tr("line longer than %d bytes, skipped", limit)
        case .infoWithoutEntry:
            tr("#EXTINF with no entry after it")
        case .controlCharacter(let code):
            tr("control character U+%s in the entry, skipped", hex(code))
        case .badEntry(let why):
            tr("%s; entry skipped", why.words)
        case .badAddress(let why):
            tr("%s; entry skipped", why.words)
        case .localEntryInDownload(let local):
            tr("a downloaded playlist may not open %s on this computer; entry skipped", local.words)
        case .tooManyEntries(let limit):
            tr("more than %d entries; the rest of the list is left out", limit)
        }
    }
}

extension Playlist {
    /// A line for each line skipped, and one counting those not listed.
    public var problemWords: [String] {
        let more = unreportedProblemCount > 0
            ? [trn("%d more line skipped", "%d more lines skipped", unreportedProblemCount)] : []
        return problems.map(\.words) + more
    }
}

extension PlaylistError {
    /// A line for each problem, in file order.
    public var words: [String] { problems.map(\.words) }
}

extension PlaylistRooms {
    /// A line for each line skipped, and one counting those not listed (R7).
    public var problemWords: [String] {
        let unlisted = skippedLines - problems.count
        let more = unlisted > 0 ? [trn("%d more line skipped", "%d more lines skipped", unlisted)] : []
        return problems.map(\.words) + more
    }
}
