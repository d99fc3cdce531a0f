import XCTest
final class PiPLayoutTestsSmoke: XCTestCase { func testBuilds() { XCTAssertEqual(1 + 1, 2) } }
