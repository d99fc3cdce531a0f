import Foundation
import Rooms
import TestSupport
import XCTest

/// The one JSON string writer that the rooms file's edits, the stats log and Janus's requests use.
final class JSONStringTests: XCTestCase {
    func testEscapesWhatJSONRequiresAndKeepsTheRest() {
        XCTAssertEqual(JSONString.quoted("a\"b\\c"), #""a\"b\\c""#)
        XCTAssertEqual(JSONString.quoted("\n\r\t\u{1}\u{1f}"), #""\n\r\t\u0001\u001f""#)
        XCTAssertEqual(JSONString.quoted("é 日本 👩🏽‍💻 /"), "\"é 日本 👩🏽‍💻 /\"")
    }

    func testAnyTextReadsBackAsItself() throws {
        let seed = SeededRandom.runSeed(for: "JSONStringTests")
        var generator = SeededRandom(seed: seed)
        let alphabet: [Unicode.Scalar] = (0..<0x30).compactMap(Unicode.Scalar.init) + ["\\", "\"", "é", "日", "\u{2028}", "😀"]
        for _ in 0..<500 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0..<24, using: &generator) { text.append(alphabet.randomElement(using: &generator)!) }
            let string = String(text)
            let data = Data(("[" + JSONString.quoted(string) + "]").utf8)
            let back = try JSONSerialization.jsonObject(with: data) as? [String]
            XCTAssertEqual(back, [string], "seed \(seed)")
        }
    }
}
