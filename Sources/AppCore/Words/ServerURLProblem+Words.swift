import Localization
import Rooms

extension ServerURLProblem {
    /// Why the URL is not one of its kind.
    public var words: String {
        let placeholder = StreamURLTemplate.placeholder
        let room = CallURLTemplate.roomPlaceholder, participant = CallURLTemplate.participantPlaceholder
        return switch self {
        case .statsWithPlaceholder:
            tr("the statistics URL takes no %s", placeholder)
        case .missingPlaceholder(let url):
            tr("missing %1$s in %2$s (the stream's name goes there)", placeholder, RoomsFileProblem.quoted(url))
        case .unknownPlaceholder(let url, let known):
            tr("unknown placeholder in %1$s (only %2$s is replaced)", RoomsFileProblem.quoted(url), known.joined(separator: ", "))
        case .controlCharacter(let code):
            tr("a URL has no spaces or control characters, found U+%s", String(code, radix: 16, uppercase: true))
        case .wrongScheme(let url, let allowed):
            tr("expected a URL starting with %1$s, found %2$s", allowed.joined(separator: ", "), RoomsFileProblem.quoted(url))
        case .noHost(let url, let scheme):
            tr("%1$s has no host after \"%2$s://\"", RoomsFileProblem.quoted(url), scheme)
        case .callPlaceholdersNotOnce:
            tr("a calls URL needs %1$s and %2$s once each, in the stream name", room, participant)
        case .callPlaceholdersOutsideStream:
            tr("a calls URL is rtmp://host/APPLICATION/STREAM, with %1$s and %2$s in STREAM", room, participant)
        case .callPlaceholdersTouching:
            tr("put a character other than A-Z, a-z, 0-9, _ and - between %1$s and %2$s (e.g. ~)", room, participant)
        }
    }
}
