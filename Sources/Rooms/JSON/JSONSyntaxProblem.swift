/// What is wrong at the place a JSON text stops being JSON.
public enum JSONSyntaxProblem: Hashable, Sendable {
    /// A byte that does not belong to valid UTF-8.
    case invalidUTF8(byte: UInt8)
    /// Text after the one JSON value.
    case textAfterValue
    /// No value where one must be.
    case expectedValue
    /// Arrays and objects nested deeper than the limit.
    case nestedTooDeep(limit: Int)
    /// Neither `,` nor `]` after an array's element.
    case expectedCommaOrBracket
    /// No string key where an object's member starts.
    case expectedKey
    /// No `:` after an object's key.
    case expectedColon
    /// Neither `,` nor `}` after an object's member.
    case expectedCommaOrBrace
    /// A number that breaks JSON's grammar.
    case invalidNumber
    /// A number too large for a `Double`.
    case numberOutOfRange
    /// A string with no closing quote.
    case unterminatedString
    /// A raw control character, by its code point, inside a string.
    case controlCharacter(UInt32)
    /// A `\u` escape of half a surrogate pair.
    case unpairedSurrogate
    /// A `\u` escape that is no Unicode scalar.
    case invalidUnicodeEscape
    /// A `\u` escape without four hex digits.
    case shortUnicodeEscape
    /// A backslash before a character that is no escape.
    case invalidEscape(Character)
}
