/// Why a network URL from outside (a playlist's entry, an invite link's address) is not one
/// FloatApp opens, as data: AppCore words it.
public enum NetworkAddressProblem: Hashable, Sendable {
    /// A character no URL holds as it is (a space, a control character, `"`, `<`, `>`, `\`,
    /// `^`, a backquote, `{`, `|`, `}`), by its code point: it must be percent-encoded.
    case forbiddenCharacter(UInt32)
    /// A `%` not followed by two hex digits.
    case badPercentEncoding
    /// A percent-encoded control character (`%00` to `%1F`, `%7F`), which a protocol could
    /// decode into its own requests.
    case encodedControlCharacter
    /// No host after `scheme://`.
    case noHost(scheme: String)
    /// A host that is neither a name of letters, digits and `-._~` nor an IP address.
    case badHost(String)
    /// A port that is not a number from 0 to 65535.
    case badPort(String)
}
