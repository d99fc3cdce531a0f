import Localization
import Rooms

extension GivenItemRefusal {
    /// Why the item opens nothing, as a clause after "Cannot open ...:".
    public var words: String {
        switch self {
        case .empty:
            tr("it is empty")
        case .tooLong(let limit):
            tr("it is longer than %d bytes", limit)
        case .controlCharacter(let code):
            tr("it holds the control character U+%s", String(code, radix: 16, uppercase: true))
        case .relativePath:
            tr("a relative path; give the full path or a file:// URL")
        case .otherHostFile(let host):
            tr("a file on another computer (%s); only files on this one open", host)
        case .badPercentEncoding:
            tr("a percent sign not followed by two hex digits, or a path that is not UTF-8")
        case .badLink(let error):
            error.words
        case .badSource(.unsupportedScheme(let scheme)):
            tr("unsupported scheme \"%s:\" (http, https, rtmp, rtsp, srt and udp URLs, files and floatapp:// links open)", scheme)
        case .badSource(let error):
            error.words
        case .badAddress(let problem):
            problem.words
        case .localSource(let local):
            tr("%s opens only from the rooms file", local.words)
        }
    }
}
