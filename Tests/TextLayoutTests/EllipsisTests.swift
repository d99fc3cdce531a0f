import TestSupport
import TextLayout
import XCTest

/// Shortened lines fit their width and end at a grapheme cluster on the trailing side.
final class EllipsisTests: XCTestCase {
    func testEveryTitleFitsEveryWidthAtEveryScale() {
        let engine = TextEngine()
        for (script, title) in MultilingualTitles.byScript {
            for scale in [1.0, 1.5, 2.0] {
                let full = engine.layout(title, size: 15, weight: .bold, scale: scale).width
                for maxWidth in stride(from: Int(20 * scale), through: full + 10, by: max(1, full / 40)) {
                    let line = engine.layout(title, size: 15, weight: .bold, scale: scale, maxWidth: maxWidth)
                    let what = "\(script) at \(scale)x in \(maxWidth) px"
                    XCTAssertLessThanOrEqual(line.width, maxWidth, what)
                    XCTAssertEqual(line.isEllipsized, maxWidth < full, what)
                    assertShownIsWholeClusters(line, what)
                }
            }
        }
    }

    /// Seeded titles made of clusters from every script, ellipsized at random widths.
    func testRandomMixedTitles() {
        var random = SeededRandom(seed: SeededRandom.runSeed(for: "EllipsisTests.testRandomMixedTitles"))
        let clusters = MultilingualTitles.byScript.flatMap { Array($0.title) }
        let engine = TextEngine()
        for _ in 0..<300 {
            let title = String((0..<Int.random(in: 1...40, using: &random)).map { _ in clusters.randomElement(using: &random)! })
            let scale = [1.0, 1.25, 1.5, 2.0].randomElement(using: &random)!
            let maxWidth = Int.random(in: 1...400, using: &random)
            let line = engine.layout(title, size: 13, scale: scale, maxWidth: maxWidth)
            let what = "\(title.unicodeScalars.map { String($0.value, radix: 16) }) at \(scale)x in \(maxWidth) px"
            XCTAssertLessThanOrEqual(line.width, max(maxWidth, engine.layout("…", size: 13, scale: scale).width), what)
            assertShownIsWholeClusters(line, what)
        }
    }

    func testEllipsisSitsOnTheTrailingSide() {
        let engine = TextEngine()
        for (script, title) in MultilingualTitles.byScript {
            let line = engine.layout(title, size: 15, scale: 1, maxWidth: 80)
            XCTAssertTrue(line.isEllipsized, script)
            XCTAssertEqual(line.ellipsis, MultilingualTitles.rightToLeft.contains(script) ? .left : .right, script)
        }
    }

    /// What is shown is the title's first clusters, never part of one: a prefix in logical order,
    /// which is the start of the line for LTR and its right end for RTL.
    private func assertShownIsWholeClusters(_ line: TextLine, _ what: String, line number: UInt = #line) {
        let shown = Array(line.shownText), all = Array(line.text)
        XCTAssertTrue(all.starts(with: shown), "\(what): shows \(line.shownText.debugDescription)", line: number)
        if line.isEllipsized {
            XCTAssertLessThan(shown.count, all.count, what, line: number)
            XCTAssertEqual(String(shown).unicodeScalars.count, String(all.prefix(shown.count)).unicodeScalars.count,
                           what, line: number)
        } else {
            XCTAssertEqual(line.shownText, line.text, what, line: number)
        }
    }
}
