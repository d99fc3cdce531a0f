import Localization
import Rooms

extension NetworkAddressProblem {
    /// Why the address is refused, as a clause for a longer sentence.
    public var words: String {
        let quoted = RoomsFileProblem.quoted
        return switch self {
        case .forbiddenCharacter(let code):
            tr("the address holds U+%s, which a URL must percent-encode", String(code, radix: 16, uppercase: true))
        case .badPercentEncoding:
            tr("a percent sign not followed by two hex digits")
        case .encodedControlCharacter:
            tr("the address percent-encodes a control character")
        case .noHost(let scheme):
            tr("the address has no host after \"%s://\"", scheme)
        case .badHost(let host):
            tr("the host %s is neither a name of letters, digits, - and . nor an IP address", quoted(host))
        case .badPort(let port):
            tr("the port %s is not a number from 0 to 65535", quoted(port))
        }
    }
}
