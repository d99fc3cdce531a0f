/// Why a given item (an argument, a dropped or pasted text, a link) opens nothing (R6), as
/// data: AppCore words it.
public enum GivenItemRefusal: Error, Hashable, Sendable {
    /// Nothing but white space.
    case empty
    /// Longer than ``GivenItem/maximumLength`` bytes.
    case tooLong(limit: Int)
    /// A control character, by its code point (in the item or a `file:` URI's decoded path).
    case controlCharacter(UInt32)
    /// A relative path where there is no directory to read it against (only the command line
    /// has one), or a `file:` URI without an absolute path.
    case relativePath
    /// A `file:` URI naming another computer, by its host.
    case otherHostFile(String)
    /// A `file:` URI whose `%` is not followed by two hex digits, or whose bytes are not UTF-8.
    case badPercentEncoding
    /// A `floatapp:` text that is no invite link FloatApp opens.
    case badLink(InviteLinkError)
    /// A source the rooms file would refuse too (an unknown scheme, `concat:`, no host).
    case badSource(SourceSpecError)
    /// A network URL whose characters, host or port are malformed.
    case badAddress(NetworkAddressProblem)
    /// A device or a `lavfi:` graph, which only the rooms file opens.
    case localSource(LocalSource)
}
