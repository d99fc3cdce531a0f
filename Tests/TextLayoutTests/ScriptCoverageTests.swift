import TestSupport
import TextLayout
import XCTest

/// Every script is drawn from a font that has it, against the desktop's real fonts (the test
/// set installs fonts-noto-core, fonts-noto-cjk and fonts-noto-color-emoji).
final class ScriptCoverageTests: XCTestCase {
    func testEveryScriptFindsAFont() {
        let engine = TextEngine()
        for (script, title) in MultilingualTitles.byScript {
            for weight in [FontWeight.regular, .bold] {
                let line = engine.layout(title, size: 15, weight: weight, scale: 1)
                XCTAssertEqual(line.unknownGlyphs, 0, "\(script) \(weight): boxes for \(line.missingScripts)")
                XCTAssertTrue(line.missingScripts.isEmpty, script)
                XCTAssertGreaterThan(line.width, 0, script)
                XCTAssertFalse(line.isEllipsized, script)
            }
        }
    }

    /// The same titles in one font without fallback show boxes: the count above can fail, and
    /// names the scripts that had none.
    func testWithoutFallbackTheOtherScriptsAreBoxes() {
        let engine = TextEngine(fallback: false)
        let han = engine.layout(MultilingualTitles.byScript[0].title, size: 15, scale: 1)
        XCTAssertGreaterThan(han.unknownGlyphs, 0)
        XCTAssertTrue(han.missingScripts.contains("Hani"), "\(han.missingScripts)")
        let hangul = engine.layout("한국어", size: 15, scale: 1)
        XCTAssertEqual(hangul.unknownGlyphs, 3)
        XCTAssertEqual(hangul.missingScripts, ["Hang"])
        XCTAssertEqual(engine.layout("Plain Latin", size: 15, scale: 1).unknownGlyphs, 0)
    }

    func testParagraphDirectionDecidesAlignment() {
        let engine = TextEngine()
        for (script, title) in MultilingualTitles.byScript {
            let line = engine.layout(title, size: 15, scale: 1)
            let rtl = MultilingualTitles.rightToLeft.contains(script)
            XCTAssertEqual(line.direction, rtl ? .rightToLeft : .leftToRight, script)
            XCTAssertEqual(line.alignedX(inBoxAt: 10, width: 1000), rtl ? 1010 - line.width : 10, script)
        }
        XCTAssertEqual(engine.layout("2026 — שידור", size: 15, scale: 1).direction, .rightToLeft,
                       "digits are weak: the first strong character, Hebrew, decides")
        XCTAssertEqual(engine.layout("2026 — 10:45", size: 15, scale: 1).direction, .leftToRight,
                       "no strong character: left to right")
    }

    func testColourEmojiKeepTheirColours() throws {
        let engine = TextEngine()
        let white = TextColor(r: 255, g: 255, b: 255)
        let bitmap = try XCTUnwrap(engine.layout("👍🏽", size: 24, scale: 1).render(white))
        let coloured = bitmap.pixels.filter { p in
            let r = p >> 16 & 0xFF, g = p >> 8 & 0xFF, b = p & 0xFF
            return p >> 24 > 200 && (max(r, g, b) - min(r, g, b)) > 60
        }
        XCTAssertGreaterThan(coloured.count, 20, "a colour emoji font draws in colour, not in the text colour")
        let text = try XCTUnwrap(engine.layout("Aa", size: 24, scale: 1).render(white))
        XCTAssertTrue(text.pixels.allSatisfy { $0 >> 24 == 0 || $0 & 0xFF_FFFF == 0xFF_FFFF },
                      "text is the colour asked for, with straight alpha")
    }

    func testScaleLaysOutAgainAtTheNewSize() {
        let engine = TextEngine()
        for (script, title) in MultilingualTitles.byScript {
            let one = engine.layout(title, size: 15, scale: 1)
            for scale in [1.25, 1.5, 2.0] {
                let scaled = engine.layout(title, size: 15, scale: scale)
                let ratio = Double(scaled.width) / Double(one.width)
                XCTAssertEqual(ratio, scale, accuracy: 0.12 * scale, "\(script) at \(scale)")
                XCTAssertEqual(scaled.unknownGlyphs, 0, script)
            }
        }
    }
}
