import PiPLayout
import XCTest

final class SizingTests: XCTestCase {
    private let usable = Size(width: 1920, height: 1032)

    func testDefaultIsAQuarterOfTheUsableWidthAtTheVideoAspect() {
        XCTAssertEqual(FloatSizing.size(widthFraction: 0.25, aspect: 16.0 / 9, usable: usable), Size(width: 480, height: 270))
        XCTAssertEqual(FloatSizing.size(widthFraction: 0.25, aspect: 4.0 / 3, usable: usable), Size(width: 480, height: 360))
    }

    func testBadAspectsFallBackToSixteenByNine() {
        for aspect in [0, -1, Double.nan, .infinity] {
            XCTAssertEqual(FloatSizing.sanitized(aspect: aspect), 16.0 / 9, "\(aspect)")
        }
        XCTAssertEqual(FloatSizing.sanitized(aspect: 100), 4)
    }

    func testLimitsTable() {
        let cases: [(width: Double, aspect: Double, usable: Size, expected: Size, why: String)] = [
            (50, 16.0 / 9, usable, Size(width: 160, height: 90), "minimum 160x90"),
            (5000, 16.0 / 9, usable, Size(width: 516 * 16.0 / 9, height: 516), "height limit binds"),
            (5000, 3, usable, Size(width: 960, height: 320), "width limit binds"),
            (10, 0.5, usable, Size(width: 160, height: 320), "portrait: minimum width"),
            (10, 4, usable, Size(width: 360, height: 90), "wide: minimum height"),
            (300, 16.0 / 9, Size(width: 200, height: 100), Size(width: 50 * 16.0 / 9, height: 50),
             "tiny display: half the area wins over the minimum"),
        ]
        for item in cases {
            let size = FloatSizing.size(width: item.width, aspect: item.aspect, usable: item.usable)
            XCTAssertEqual(size.width, item.expected.width, accuracy: 1e-9, item.why)
            XCTAssertEqual(size.height, item.expected.height, accuracy: 1e-9, item.why)
        }
    }

    func testStepsScaleByTenPercentAndRoundTrip() {
        let start = Size(width: 480, height: 270)
        let grown = FloatSizing.resized(start, steps: 1, aspect: 16.0 / 9, usable: usable)
        XCTAssertEqual(grown.width, 528, accuracy: 1e-9)
        XCTAssertEqual(grown.width / grown.height, 16.0 / 9, accuracy: 1e-12)
        let back = FloatSizing.resized(grown, steps: -1, aspect: 16.0 / 9, usable: usable)
        XCTAssertEqual(back.width, 480, accuracy: 1e-9)
        XCTAssertEqual(FloatSizing.resized(start, steps: -100, aspect: 16.0 / 9, usable: usable), Size(width: 160, height: 90))
        XCTAssertEqual(FloatSizing.resized(start, steps: Int.max, aspect: 16.0 / 9, usable: usable).height, 516)
    }
}
