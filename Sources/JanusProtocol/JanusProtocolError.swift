import Rooms

/// Why a text from Janus is not a message FloatApp understands, as data (AppCore words it).
/// A malformed or hostile message ends here, never in a crash.
public enum JanusProtocolError: Error, Hashable, Sendable {
    /// The text is longer than the decoder takes.
    case tooLarge(bytes: Int, limit: Int)
    /// The text is not JSON (invalid UTF-8 and nesting deeper than the parser allows included).
    case syntax(JSONSyntaxError)
    /// A field every message of this kind has is missing.
    case missingField(JSONPath)
    /// A field holds another kind of value than Janus sends there.
    case wrongType(JSONPath, expected: JSONValue.Kind)
    /// A number that is no identifier (negative, a fraction, over 2^64), or a count out of range.
    case badNumber(JSONPath)
    /// A string, or a list, longer than any Janus sends.
    case tooLong(JSONPath, limit: Int)
    /// A session description whose type is neither offer nor answer.
    case badJsepType(String)
}
