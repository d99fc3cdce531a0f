import Localization
import Rooms

extension JSONSyntaxError {
    /// `line:column: message`.
    public var words: String { "\(position): " + problem.words(atEndOfFile: atEndOfFile) }
}

extension JSONSyntaxProblem {
    /// What was expected or found, e.g. `expected ',' or '}'`; at the end of the text, says so first.
    public func words(atEndOfFile: Bool) -> String {
        atEndOfFile ? tr("unexpected end of file; %s", words) : words
    }

    private var words: String {
        switch self {
        case .invalidUTF8(let byte): tr("invalid UTF-8 at byte 0x%s", String(byte, radix: 16, uppercase: true))
        case .textAfterValue: tr("unexpected text after the JSON value")
        case .expectedValue: tr("expected a value")
        case .nestedTooDeep(let limit): tr("nesting deeper than %d levels", limit)
        case .expectedCommaOrBracket: tr("expected ',' or ']'")
        case .expectedKey: tr("expected a string key")
        case .expectedColon: tr("expected ':'")
        case .expectedCommaOrBrace: tr("expected ',' or '}'")
        case .invalidNumber: tr("invalid number")
        case .numberOutOfRange: tr("number out of range")
        case .unterminatedString: tr("unterminated string (missing closing '\"')")
        case .controlCharacter(let code): tr("control character U+%s in string; write it as an escape", Self.hex(code))
        case .unpairedSurrogate: tr("unpaired surrogate in \\u escape")
        case .invalidUnicodeEscape: tr("invalid \\u escape")
        case .shortUnicodeEscape: tr("invalid \\u escape (needs 4 hex digits)")
        case .invalidEscape(let character): tr("invalid escape '\\%s' in string", String(character))
        }
    }

    /// At least four uppercase hex digits, as `U+` code points are written.
    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
