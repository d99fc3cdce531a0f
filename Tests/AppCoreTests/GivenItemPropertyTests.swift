import AppCore
import Rooms
import TestSupport
import XCTest

/// R6: any text handed over is read without a crash, and every refusal is worded, with its
/// arguments filled in; an item read is one of the things an item may be. Seeded: the seed is
/// printed, `FLOATAPP_SEED=n` replays a run.
final class GivenItemPropertyTests: XCTestCase {
    /// Pieces items are made of: schemes, hosts, paths, encodings, links, controls, other scripts.
    private static let pieces = [
        "https://", "http://", "rtmp://", "srt://", "udp://", "hls+https://", "file://", "file:", "floatapp://live?",
        "floatapp://call?", "ftp://", "lavfi:", "v4l2:", "pulse:", "concat:", "javascript:", "127.0.0.1", ":8080",
        "tv.example", "[::1]", "@", "/", "/..", "./", "../", "a b", "%", "%2", "%20", "%0A", "%FF", "%E6%96%B0", "?q=1",
        "#x", "title=", "url=", "&", "=", "新闻", "تجربة", "\u{1B}", "\u{85}", "\t", "\n", " ", "x", "-", ".m3u8", ".mkv",
    ]

    func testEveryTextIsReadOrRefusedInWords() {
        let seed = SeededRandom.runSeed(for: "GivenItemPropertyTests")
        var random = SeededRandom(seed: seed)
        for index in 0..<5_000 {
            let count = Int.random(in: 0...8, using: &random)
            let text = (0..<count).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
            let directory = Bool.random(using: &random) ? "/home/u" : nil
            do {
                switch try GivenItem.read(text, relativeTo: directory) {
                case .source(.file(let path), let title):
                    XCTAssertTrue(path.hasPrefix("/"), "case \(index): \(text.debugDescription) → \(path)")
                    XCTAssertFalse(title.isEmpty)
                case .source(.url, let title):
                    XCTAssertFalse(title.isEmpty, "case \(index): \(text.debugDescription)")
                case .link:
                    XCTAssertTrue(text.lowercased().contains("floatapp://"))
                case .source(let source, _):
                    XCTFail("case \(index): \(text.debugDescription) read as \(source), which only the rooms file opens")
                }
            } catch {
                let words = error.words
                XCTAssertFalse(words.isEmpty, "case \(index): \(text.debugDescription)")
                for format in ["%s", "%d"] where !text.contains(format) {
                    XCTAssertFalse(words.contains(format), "case \(index): a format left unfilled: \(words)")
                }
            }
        }
    }
}
