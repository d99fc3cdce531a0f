import AppCore
import Dispatch
import Rooms
import XCTest

/// The position-keeping JSON parser: values, positions, and every syntax error.
final class JSONParserTests: XCTestCase {
    private func parse(_ text: String) -> Result<JSONValue, JSONSyntaxError> {
        parse(Array(text.utf8))
    }

    private func parse(_ bytes: [UInt8]) -> Result<JSONValue, JSONSyntaxError> {
        Result { () throws(JSONSyntaxError) in try JSONParser.parse(bytes) }
    }

    private func assertError(_ text: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        switch parse(text) {
        case .success(let value): XCTFail("parsed \(value)", file: file, line: line)
        case .failure(let error): XCTAssertEqual(error.words, expected, file: file, line: line)
        }
    }

    private func value(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONValue? {
        switch parse(text) {
        case .success(let value): return value
        case .failure(let error):
            XCTFail("\(error)", file: file, line: line)
            return nil
        }
    }

    func testValuesKeepTheirPositions() {
        let text = "{\n  \"a\": [1, true, null],\n  \"b\": {\"c\": \"x\"}\n}"
        let p = TextPosition.init(line:column:)
        let expected = JSONValue(.object([
            JSONMember(key: "a", keyPosition: p(2, 3), value: JSONValue(.array([
                JSONValue(.number(text: "1", value: 1), at: p(2, 9)),
                JSONValue(.bool(true), at: p(2, 12)),
                JSONValue(.null, at: p(2, 18)),
            ]), at: p(2, 8))),
            JSONMember(key: "b", keyPosition: p(3, 3), value: JSONValue(.object([
                JSONMember(key: "c", keyPosition: p(3, 9), value: JSONValue(.string("x"), at: p(3, 14))),
            ]), at: p(3, 8))),
        ]), at: p(1, 1))
        XCTAssertEqual(value(text), expected)
    }

    func testNumbers() {
        for (text, number) in [("0", 0.0), ("-0", -0.0), ("12", 12), ("-3.25", -3.25), ("1e3", 1000), ("2.5E-1", 0.25), ("1E+2", 100)] {
            XCTAssertEqual(value(text)?.content, .number(text: text, value: number), text)
        }
        for text in ["01", "-", "1.", "1e", "1e+", "0x10", "1.5.2", "-a"] {
            assertError(text, "1:1: invalid number")
        }
        for text in [".5", "+1"] {
            assertError(text, "1:1: expected a value")
        }
        assertError("1e999", "1:1: number out of range")
    }

    func testStringEscapes() {
        XCTAssertEqual(value(#""a\"b\\c\/d\b\f\n\r\t""#)?.content, .string("a\"b\\c/d\u{08}\u{0C}\n\r\t"))
        XCTAssertEqual(value(#""\u00e9\u20AC\ud83d\ude00""#)?.content, .string("é€😀"))
        XCTAssertEqual(value("\"é😀\"")?.content, .string("é😀"))
    }

    func testStringErrors() {
        assertError(#"["ab\x"]"#, #"1:5: invalid escape '\x' in string"#)
        assertError(#""\u12G4""#, #"1:2: invalid \u escape (needs 4 hex digits)"#)
        assertError(#""\ud83d""#, #"1:2: unpaired surrogate in \u escape"#)
        assertError(#""\ud83d\u0041""#, #"1:2: unpaired surrogate in \u escape"#)
        assertError(#""\ude00""#, #"1:2: unpaired surrogate in \u escape"#)
        assertError("[\"abc\n\"]", "1:2: unterminated string (missing closing '\"')")
        assertError("\"abc", "1:1: unterminated string (missing closing '\"')")
        assertError("\"a\tb\"", "1:3: control character U+0009 in string; write it as an escape")
    }

    func testStructureErrorsPointAtTheOffendingCharacter() {
        assertError("{\"a\": 1 \"b\": 2}", "1:9: expected ',' or '}'")
        assertError("[1 2]", "1:4: expected ',' or ']'")
        assertError("{\"a\" 1}", "1:6: expected ':'")
        assertError("{a: 1}", "1:2: expected a string key")
        assertError("{\"a\": 1,}", "1:9: expected a string key")
        assertError("[1,]", "1:4: expected a value")
        assertError("[tru]", "1:2: expected a value")
        assertError("[nullx]", "1:2: expected a value")
        assertError("{} {}", "1:4: unexpected text after the JSON value")
        assertError("", "1:1: unexpected end of file; expected a value")
        assertError("  \n ", "2:2: unexpected end of file; expected a value")
        assertError("{\"a\": [1,\n  2", "2:4: unexpected end of file; expected ',' or ']'")
        assertError("{\n  \"a\": 1\n", "3:1: unexpected end of file; expected ',' or '}'")
    }

    func testColumnsCountCharactersNotBytes() {
        assertError("{\"é😀\": 1 x}", "1:10: expected ',' or '}'")
    }

    func testInvalidUTF8IsReportedWhereItIs() {
        XCTAssertEqual(parse([0x22, 0x61, 0xFF, 0x22]).failure?.words, "1:3: invalid UTF-8 at byte 0xFF")
        XCTAssertEqual(parse([0x0A, 0x22, 0xC3, 0x22]).failure?.words, "2:2: invalid UTF-8 at byte 0xC3")
        XCTAssertEqual(parse([0x22, 0xED, 0xA0, 0x80, 0x22]).failure?.words, "1:2: invalid UTF-8 at byte 0xED")
    }

    func testAByteOrderMarkIsSkipped() {
        XCTAssertEqual(parse([0xEF, 0xBB, 0xBF] + Array("[]".utf8)).success?.content, .array([]))
    }

    /// The text of a string of `count` `\u00e9` escapes in an array.
    private func escapedString(_ count: Int) -> [UInt8] {
        Array(("[\"" + String(repeating: "\\u00e9", count: count) + "\"]").utf8)
    }

    /// The time of one parse of `text`, a string of `count` escapes, checked to be right.
    private func secondsToParse(_ text: [UInt8], escapes count: Int) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        guard case .success(let value) = parse(text),
              case .array(let items) = value.content, case .string(let string) = items.first?.content else {
            XCTFail("the escaped string does not parse")
            return .infinity
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        XCTAssertEqual(string.unicodeScalars.count, count)
        XCTAssertTrue(string.unicodeScalars.allSatisfy { $0 == "\u{e9}" })
        return seconds
    }

    /// The small and the large string are parsed in turn, seven times each, and the quickest
    /// of each kept: a parse preempted on a loaded machine, or a slower stretch of it, costs
    /// both sizes alike and is dropped by the minimum, while a quadratic parser stays 64x slower.
    func testParsingIsLinearInAStringsEscapes() {
        let smallText = escapedString(25_000), largeText = escapedString(200_000)
        var small = Double.infinity, large = Double.infinity
        for _ in 0..<7 {
            small = min(small, secondsToParse(smallText, escapes: 25_000))
            large = min(large, secondsToParse(largeText, escapes: 200_000))
        }
        // Eight times the escapes: about 8x the time when linear, 64x when quadratic.
        XCTAssertLessThan(large / small, 20, "25k escapes: \(small) s, 200k escapes: \(large) s (the quickest of 7 each)")
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000)
        assertError(deep, "1:257: nesting deeper than 256 levels")
        let allowed = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        XCTAssertNotNil(value(allowed))
    }

    func testJSONPathsPrintLikeCode() {
        XCTAssertEqual(JSONPath.root.words, "top level")
        XCTAssertEqual(JSONPath.root.appending("rooms").appending(2).appending("participants").appending(0).appending("source").words,
                       "rooms[2].participants[0].source")
    }
}

extension Result {
    var success: Success? {
        if case .success(let value) = self { value } else { nil }
    }

    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
