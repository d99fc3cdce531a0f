/// A strict RFC 8259 JSON parser that records the line and column of every value.
///
/// Foundation's `JSONSerialization` drops positions, which a config file's error
/// messages need. The parser stops at the first syntax error; it rejects invalid
/// UTF-8, raw control characters in strings, trailing commas, and nesting deeper
/// than ``maximumDepth``, so that no input can exhaust the stack.
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 256

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1
    private var depth = 0

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses one JSON text (a UTF-8 byte order mark at the start is allowed).
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        if let invalid = UTF8Validation.firstInvalidOffset(in: bytes) {
            throw JSONSyntaxError(position: UTF8Validation.position(ofOffset: invalid, in: bytes),
                                  problem: .invalidUTF8(byte: bytes[invalid]))
        }
        var parser = JSONParser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error(.textAfterValue) }
        return value
    }

    // MARK: Reading bytes

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }
    private var position: TextPosition { TextPosition(line: line, column: column) }

    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    private mutating func skipWhitespace() {
        while let byte = current,
              byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
                || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
            advance()
        }
    }

    private func error(_ problem: JSONSyntaxProblem, at position: TextPosition? = nil) -> JSONSyntaxError {
        JSONSyntaxError(position: position ?? self.position, problem: problem, atEndOfFile: current == nil && position == nil)
    }

    // MARK: Values

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        let start = position
        guard let byte = current else { throw error(.expectedValue) }
        switch byte {
        case UInt8(ascii: "{"): return JSONValue(.object(try parseObject()), at: start)
        case UInt8(ascii: "["): return JSONValue(.array(try parseArray()), at: start)
        case UInt8(ascii: "\""): return JSONValue(.string(try parseString()), at: start)
        case UInt8(ascii: "t"): try parseLiteral("true"); return JSONValue(.bool(true), at: start)
        case UInt8(ascii: "f"): try parseLiteral("false"); return JSONValue(.bool(false), at: start)
        case UInt8(ascii: "n"): try parseLiteral("null"); return JSONValue(.null, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(try parseNumber(), at: start)
        default:
            throw error(.expectedValue)
        }
    }

    private mutating func parseLiteral(_ word: String) throws(JSONSyntaxError) {
        let start = position
        for expected in word.utf8 {
            guard current == expected else { throw error(.expectedValue, at: start) }
            advance()
        }
        if let next = current, Self.isIdentifierByte(next) { throw error(.expectedValue, at: start) }
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
    }

    private mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw error(.nestedTooDeep(limit: Self.maximumDepth))
        }
        advance()
        skipWhitespace()
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> [JSONValue] {
        try enterContainer()
        defer { depth -= 1 }
        var elements: [JSONValue] = []
        if current == UInt8(ascii: "]") {
            advance()
            return elements
        }
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                advance()
                skipWhitespace()
            case UInt8(ascii: "]"):
                advance()
                return elements
            default:
                throw error(.expectedCommaOrBracket)
            }
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> [JSONMember] {
        try enterContainer()
        defer { depth -= 1 }
        var members: [JSONMember] = []
        if current == UInt8(ascii: "}") {
            advance()
            return members
        }
        while true {
            guard current == UInt8(ascii: "\"") else { throw error(.expectedKey) }
            let keyPosition = position
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error(.expectedColon) }
            advance()
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONMember(key: key, keyPosition: keyPosition, value: value))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                advance()
                skipWhitespace()
            case UInt8(ascii: "}"):
                advance()
                return members
            default:
                throw error(.expectedCommaOrBrace)
            }
        }
    }

    // MARK: Numbers

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue.Content {
        let start = index
        let startPosition = position
        if current == UInt8(ascii: "-") { advance() }
        guard let first = current, Self.isDigit(first) else { throw error(.invalidNumber, at: startPosition) }
        advance()
        if first != UInt8(ascii: "0") { skipDigits() }
        if current == UInt8(ascii: ".") {
            advance()
            guard let digit = current, Self.isDigit(digit) else { throw error(.invalidNumber, at: startPosition) }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            guard let digit = current, Self.isDigit(digit) else { throw error(.invalidNumber, at: startPosition) }
            skipDigits()
        }
        if let next = current, Self.isIdentifierByte(next) || next == UInt8(ascii: ".") {
            throw error(.invalidNumber, at: startPosition)
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw error(.numberOutOfRange, at: startPosition) }
        return .number(text: text, value: value)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private mutating func skipDigits() {
        while let byte = current, Self.isDigit(byte) { advance() }
    }

    // MARK: Strings

    /// Collects the string's UTF-8 bytes (runs copied as they are, escapes encoded)
    /// and decodes them once at the end, so the work is linear in the string's length
    /// however many escapes it has.
    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let opening = position
        advance()
        var utf8: [UInt8] = []
        var runStart = index
        func flushRun(upTo end: Int) {
            utf8.append(contentsOf: bytes[runStart..<end])
        }
        while true {
            guard let byte = current, byte != UInt8(ascii: "\n") else {
                throw error(.unterminatedString, at: opening)
            }
            switch byte {
            case UInt8(ascii: "\""):
                flushRun(upTo: index)
                advance()
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                flushRun(upTo: index)
                Self.appendUTF8(of: try parseEscape(), to: &utf8)
                runStart = index
            case 0..<0x20:
                throw error(.controlCharacter(UInt32(byte)))
            default:
                skipPlainStringBytes()
            }
        }
    }

    /// Moves past string bytes that need no attention (no quote, backslash or control
    /// character), counting columns; strings hold no newline, so the line stays.
    private mutating func skipPlainStringBytes() {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return }
            if byte & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
    }

    private static func appendUTF8(of scalar: Unicode.Scalar, to utf8: inout [UInt8]) {
        let value = scalar.value
        switch value {
        case 0..<0x80:
            utf8.append(UInt8(value))
        case 0x80..<0x800:
            utf8.append(UInt8(0xC0 | value >> 6))
            utf8.append(UInt8(0x80 | value & 0x3F))
        case 0x800..<0x10000:
            utf8.append(UInt8(0xE0 | value >> 12))
            utf8.append(UInt8(0x80 | value >> 6 & 0x3F))
            utf8.append(UInt8(0x80 | value & 0x3F))
        default:
            utf8.append(UInt8(0xF0 | value >> 18))
            utf8.append(UInt8(0x80 | value >> 12 & 0x3F))
            utf8.append(UInt8(0x80 | value >> 6 & 0x3F))
            utf8.append(UInt8(0x80 | value & 0x3F))
        }
    }

    private mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let start = position
        advance()
        guard let byte = current else { throw error(.unterminatedString) }
        advance()
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try parseHex4(escapeStart: start)
            switch unit {
            case 0xD800...0xDBFF:
                guard current == UInt8(ascii: "\\") else { throw error(.unpairedSurrogate, at: start) }
                advance()
                guard current == UInt8(ascii: "u") else { throw error(.unpairedSurrogate, at: start) }
                advance()
                let low = try parseHex4(escapeStart: start)
                guard (0xDC00...0xDFFF).contains(low) else { throw error(.unpairedSurrogate, at: start) }
                let value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                guard let scalar = Unicode.Scalar(value) else { throw error(.invalidUnicodeEscape, at: start) }
                return scalar
            case 0xDC00...0xDFFF:
                throw error(.unpairedSurrogate, at: start)
            default:
                guard let scalar = Unicode.Scalar(unit) else { throw error(.invalidUnicodeEscape, at: start) }
                return scalar
            }
        default:
            throw error(.invalidEscape(Character(Unicode.Scalar(byte))), at: start)
        }
    }

    private mutating func parseHex4(escapeStart: TextPosition) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexValue(byte) else {
                throw error(.shortUnicodeEscape, at: escapeStart)
            }
            value = value << 4 | digit
            advance()
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
