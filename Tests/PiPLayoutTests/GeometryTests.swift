import PiPLayout
import XCTest

final class GeometryTests: XCTestCase {
    func testRectEdgesAndCentre() {
        let rect = Rect(x: 10, y: 20, width: 100, height: 50)
        XCTAssertEqual([rect.minX, rect.maxX, rect.minY, rect.maxY], [10, 110, 20, 70])
        XCTAssertEqual(rect.center, Point(x: 60, y: 45))
    }

    func testInsetMovesEveryEdgeInward() {
        let rect = Rect(x: 0, y: 0, width: 100, height: 50)
        XCTAssertEqual(rect.inset(by: 16), Rect(x: 16, y: 16, width: 68, height: 18))
        XCTAssertEqual(
            rect.inset(by: Insets(top: 1, left: 2, bottom: 3, right: 4)),
            Rect(x: 2, y: 1, width: 94, height: 46))
    }

    func testContainsPointsAndRects() {
        let rect = Rect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertTrue(rect.contains(Point(x: 10, y: 0)))
        XCTAssertFalse(rect.contains(Point(x: 10.5, y: 0)))
        XCTAssertTrue(rect.contains(Rect(x: 2, y: 2, width: 8, height: 8)))
        XCTAssertFalse(rect.contains(Rect(x: 2, y: 2, width: 9, height: 8)))
    }

    func testClampAndDistance() {
        let rect = Rect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertEqual(rect.clamp(Point(x: -3, y: 14)), Point(x: 0, y: 10))
        XCTAssertEqual(rect.distance(to: Point(x: 13, y: 14)), 5)
        XCTAssertEqual(rect.distance(to: Point(x: 3, y: 4)), 0)
    }

    func testPointVectorArithmetic() {
        let a = Point(x: 1, y: 2)
        let b = Point(x: 4, y: 6)
        XCTAssertEqual(b - a, Vector(dx: 3, dy: 4))
        XCTAssertEqual((b - a).length, 5)
        XCTAssertEqual(a + Vector(dx: 3, dy: 4), b)
        XCTAssertEqual(b - Vector(dx: 3, dy: 4), a)
        XCTAssertEqual(Vector(dx: 1, dy: -2) * 3, Vector(dx: 3, dy: -6))
    }

    func testDisplayOwnerIsTheOneUnderThePointElseTheNearest() {
        let left = Display(full: Rect(x: 0, y: 0, width: 1920, height: 1080))
        let right = Display(full: Rect(x: 1920, y: 0, width: 1280, height: 1024))
        let displays = [left, right]
        XCTAssertEqual(displays.owner(of: Point(x: 100, y: 100)), left)
        XCTAssertEqual(displays.owner(of: Point(x: 2000, y: 100)), right)
        XCTAssertEqual(displays.owner(of: Point(x: 2000, y: 1060)), right)
        XCTAssertEqual(displays.owner(of: Point(x: -500, y: 500)), left)
        XCTAssertEqual(displays.owner(of: Point(x: 4000, y: 500)), right)
        XCTAssertEqual([Display]().owner(of: .zero), Display.fallback)
    }
}
