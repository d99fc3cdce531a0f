import Localization
import Rooms

extension InviteLinkError {
    /// Why the link does not open; a field's problem starts with the field's name (`url: ...`).
    public var words: String {
        let quoted = RoomsFileProblem.quoted
        let hex = { (value: UInt32) in String(value, radix: 16, uppercase: true) }
        switch self {
        case .tooLong(let limit):
            return tr("the link is longer than %d bytes", limit)
        case .forbiddenCharacter(let code, let column):
            return tr("column %1$d: a link holds no U+%2$s as it is (percent-encode it)", column, hex(code))
        case .notFloatAppLink:
            return tr("not a FloatApp link: links start with floatapp://live? or floatapp://call?")
        case .unknownKind(let kind):
            return tr("unknown kind of link %s (expected floatapp://live? or floatapp://call?)", quoted(kind))
        case .unexpectedPath(let path):
            return tr("unexpected %s after the kind of link", quoted(path))
        case .fragment:
            return tr("a link has no #fragment")
        case .unknownField(let name, let allowed):
            return tr("unknown field %1$s (expected %2$s)", quoted(name), RoomsFileProblem.list(allowed))
        case .duplicateField(let name):
            return tr("the field %s is given twice", quoted(name))
        case .missingField(let name):
            return tr("missing field %s", quoted(name))
        case .emptyField(let name):
            return tr("the field %s is empty", quoted(name))
        case .badPercentEncoding(let field):
            return field + ": " + tr("a percent sign not followed by two hex digits")
        case .notUTF8(let field):
            return field + ": " + tr("not UTF-8 once percent-decoded")
        case .controlCharacter(let field, let code):
            return field + ": " + tr("control character U+%s", hex(code))
        case .encodedTwice(let field):
            return field + ": " + tr("percent-encoded twice (decode it once)")
        case .invalidID(let field, let id):
            return field + ": " + tr("invalid id %s: use 1 to 64 characters from A-Z, a-z, 0-9, _ and -", quoted(id))
        case .localSource(let field, let local):
            return field + ": " + tr("a link carries network addresses only, not %s", local.words)
        case .unsupportedScheme(let field, let scheme):
            return field + ": " + tr("unsupported scheme %1$s (a link carries %2$s)", quoted(scheme),
                                     InviteLink.networkSchemes.map { $0 + "://" }.joined(separator: ", "))
        case .badSource(let field, let why):
            return field + ": " + why.words
        case .badAddress(let field, let why):
            return field + ": " + why.words
        case .badServerURL(let field, let why):
            return field + ": " + why.words
        }
    }
}
