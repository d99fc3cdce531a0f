import XCTest
final class FloatAppTestsSmoke: XCTestCase { func testBuilds() { XCTAssertEqual(1 + 1, 2) } }
