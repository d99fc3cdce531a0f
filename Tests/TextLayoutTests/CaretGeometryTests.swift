import TestSupport
import TextLayout
import XCTest

/// The caret's x at a text index and the text index at an x, in real fonts, for every script
/// and for text mixing directions; indices are offsets in `Character`s.
final class CaretGeometryTests: XCTestCase {
    private let engine = TextEngine()

    private func line(_ text: String) -> TextLine {
        engine.layout(text, size: 15, scale: 1)
    }

    /// The strong carets of every index, in order.
    private func carets(_ line: TextLine) -> [Int] {
        (0...line.text.count).map { line.caret(at: $0).strong }
    }

    private func assertStrictlyIncreasing(_ xs: [Int], _ what: String, line number: UInt = #line) {
        XCTAssertEqual(zip(xs, xs.dropFirst()).filter { $0 >= $1 }.count, 0, "\(what): \(xs)", line: number)
    }

    /// A click on each caret lands on that index.
    private func assertRoundTrips(_ line: TextLine, indices: some Sequence<Int>, line number: UInt = #line) {
        for index in indices {
            let x = line.caret(at: index).strong
            XCTAssertEqual(line.index(atX: x), index, "\(line.text) at x \(x)", line: number)
        }
    }

    func testLatinCaretsRunLeftToRight() {
        let line = line("Hello, world")
        let xs = carets(line)
        XCTAssertEqual(xs.first, 0)
        XCTAssertEqual(xs.last, line.width)
        assertStrictlyIncreasing(xs, "Latin")
        assertRoundTrips(line, indices: 0...line.text.count)
        XCTAssertEqual(line.index(atX: -40), 0)
        XCTAssertEqual(line.index(atX: line.width + 40), line.text.count)
        // Between two carets, a click goes to the nearer.
        let third = xs[3] + (xs[4] - xs[3]) / 4, twoThirds = xs[4] - (xs[4] - xs[3]) / 4
        XCTAssertEqual(line.index(atX: third), 3)
        XCTAssertEqual(line.index(atX: twoThirds), 4)
    }

    func testRightToLeftCaretsRunRightToLeft() {
        for text in ["שלום עולם", "مرحبا بالعالم"] {
            let line = line(text)
            XCTAssertEqual(line.direction, .rightToLeft)
            let xs = carets(line)
            XCTAssertEqual(xs.first, line.width, text)
            XCTAssertEqual(xs.last, 0, text)
            assertStrictlyIncreasing(xs.reversed(), text)
            assertRoundTrips(line, indices: 0...line.text.count)
            XCTAssertEqual(line.index(atX: -40), line.text.count, text)
            XCTAssertEqual(line.index(atX: line.width + 40), 0, text)
        }
    }

    func testMixedDirectionsKeepEachRunsOrder() {
        // A left-to-right paragraph with a Hebrew word: "abc " ש ל ו ם " def".
        let mixed = line("abc שלום def")
        XCTAssertEqual(mixed.direction, .leftToRight)
        let xs = carets(mixed)
        assertStrictlyIncreasing(Array(xs[0...3]), "Latin before")
        assertStrictlyIncreasing(Array(xs[9...12]), "Latin after")
        assertStrictlyIncreasing(Array(xs[5...7].reversed()), "Hebrew inside")
        XCTAssertTrue(xs[5...7].allSatisfy { $0 > xs[3] && $0 < xs[9] }, "\(xs)")
        assertRoundTrips(mixed, indices: [0, 1, 2, 3, 5, 6, 7, 10, 11, 12])
        // Where the direction changes the two carets part: after "abc " the strong caret is
        // at the Hebrew word's left, the weak one at its right, where ש goes.
        let boundary = mixed.caret(at: 4)
        XCTAssertTrue(xs[5...7].allSatisfy { boundary.strong < $0 && $0 < boundary.weak }, "\(boundary) \(xs)")
        XCTAssertGreaterThan(boundary.strong, xs[3])
        // A right-to-left paragraph with Latin inside: the Latin reads left to right.
        let arabic = line("البث live now المباشر")
        XCTAssertEqual(arabic.direction, .rightToLeft)
        let ax = carets(arabic)
        assertStrictlyIncreasing(Array(ax[6...12]), "Latin in Arabic")
        assertStrictlyIncreasing(Array(ax[0...3].reversed()), "Arabic before")
        assertRoundTrips(arabic, indices: [0, 1, 2, 7, 8, 10, 11, 15, 16, 21])
    }

    func testSelectionSpansSplitWhereTheDirectionChanges() {
        let mixed = line("abc שלום def")
        XCTAssertEqual(mixed.xRanges(of: 0..<mixed.text.count), [0..<mixed.width])
        let across = mixed.xRanges(of: 2..<6)
        XCTAssertEqual(across.count, 2, "\(across)")
        XCTAssertEqual(across.first?.lowerBound, mixed.caret(at: 2).strong)
        XCTAssertEqual(mixed.xRanges(of: 0..<3), [0..<mixed.caret(at: 3).strong])
        XCTAssertEqual(mixed.xRanges(of: 3..<3), [])
    }

    func testCJKAndEmojiStepWholeClusters() {
        let cjk = line("周末直播：城市夜景")
        let xs = carets(cjk)
        assertStrictlyIncreasing(xs, "CJK")
        XCTAssertTrue(zip(xs, xs.dropFirst()).allSatisfy { $1 - $0 >= 10 }, "full-width ideographs: \(xs)")
        assertRoundTrips(cjk, indices: 0...cjk.text.count)
        // A family, a flag, a skin tone, an accent made of two scalars: one step each.
        let emoji = line("a👩‍👩‍👧🇰🇷👍🏽e\u{301}b")
        XCTAssertEqual(emoji.text.count, 6)
        let ex = carets(emoji)
        assertStrictlyIncreasing(ex, "emoji")
        assertRoundTrips(emoji, indices: 0...emoji.text.count)
        // Every click lands between two clusters, on the nearer side.
        for x in 0...emoji.width {
            let index = emoji.index(atX: x)
            let nearest = ex.enumerated().min { abs($0.element - x) < abs($1.element - x) }!.offset
            XCTAssertEqual(abs(ex[index] - x), abs(ex[nearest] - x), "x \(x): \(ex)")
        }
    }

    func testAConjunctPangoSplitsIsOneCaretStep() {
        // Unicode 15.1 made क्ष one cluster; Pango 1.50 still has a caret inside it.
        let line = line("क्षेत्र")
        XCTAssertEqual(line.text.count, 2)
        for x in -5...(line.width + 5) {
            XCTAssertTrue((0...2).contains(line.index(atX: x)))
        }
        assertStrictlyIncreasing(carets(line), "Devanagari")
        XCTAssertEqual(line.index(atX: 0), 0)
        XCTAssertEqual(line.index(atX: line.width), 2)
    }

    /// Seeded lines of clusters from every script: every caret lies on the line, and a click
    /// at any caret lands on an index drawn at that x.
    func testRandomMixedLinesHitTheirCarets() {
        var random = SeededRandom(seed: SeededRandom.runSeed(for: "CaretGeometryTests.testRandomMixedLinesHitTheirCarets"))
        let clusters = MultilingualTitles.byScript.flatMap { Array($0.title) }
        for _ in 0..<400 {
            let text = String((0..<Int.random(in: 0...24, using: &random)).map { _ in clusters.randomElement(using: &random)! })
            let line = engine.layout(text, size: 13, scale: [1.0, 1.5, 2.0].randomElement(using: &random)!)
            let what = text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
            for index in 0...text.count {
                let caret = line.caret(at: index)
                XCTAssertTrue((0...line.width).contains(caret.strong) && (0...line.width).contains(caret.weak), "\(what) at \(index)")
                let hit = line.index(atX: caret.strong)
                XCTAssertTrue((0...text.count).contains(hit), what)
                let landed = line.caret(at: hit)
                XCTAssertLessThanOrEqual(min(abs(landed.strong - caret.strong), abs(landed.weak - caret.strong)), 1,
                                         "\(what): index \(index) at x \(caret.strong) hit \(hit)")
            }
        }
    }
}
