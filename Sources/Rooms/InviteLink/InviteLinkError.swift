/// Why a text is not an invite link FloatApp opens (W13), as data: AppCore words it. Fields
/// are named as the link spells them (`url`, `room`, ...).
public enum InviteLinkError: Error, Hashable, Sendable {
    /// Longer than ``InviteLink/maximumLength`` bytes.
    case tooLong(limit: Int)
    /// A character a link never holds raw (a space, a control character, `"`, `<`, `>`, `\`,
    /// `^`, a backquote, `{`, `|`, `}`), by its code point and its 1-based column.
    case forbiddenCharacter(UInt32, column: Int)
    /// The text does not start with `floatapp://`.
    case notFloatAppLink
    /// A kind other than `live` and `call` after `floatapp://`.
    case unknownKind(String)
    /// A path after the kind (only `floatapp://live?...` and `floatapp://live/?...` are links).
    case unexpectedPath(String)
    /// A `#fragment`, which no link has.
    case fragment
    /// A field the kind does not take, and the ones it does.
    case unknownField(String, allowed: [String])
    /// A field given twice.
    case duplicateField(String)
    /// A field the kind needs.
    case missingField(String)
    /// A field with no value.
    case emptyField(String)
    /// A `%` not followed by two hex digits in a field's value.
    case badPercentEncoding(field: String)
    /// A field's decoded value that is not UTF-8.
    case notUTF8(field: String)
    /// A control character, by its code point, in a field's decoded value.
    case controlCharacter(field: String, UInt32)
    /// An address percent-encoded twice (`https%3A%2F%2F...` once decoded).
    case encodedTwice(field: String)
    /// A room or server id outside `[A-Za-z0-9_-]{1,64}`.
    case invalidID(field: String, String)
    /// An address that opens something on this computer: a file, a device or `lavfi:`.
    case localSource(field: String, LocalSource)
    /// An address whose scheme is not one of ``InviteLink/networkSchemes``.
    case unsupportedScheme(field: String, String)
    /// An address that is no source FloatApp opens (R3).
    case badSource(field: String, SourceSpecError)
    /// A malformed network address.
    case badAddress(field: String, NetworkAddressProblem)
    /// A server URL that breaks the rooms file's rules for its kind (R2).
    case badServerURL(field: String, ServerURLProblem)
}
