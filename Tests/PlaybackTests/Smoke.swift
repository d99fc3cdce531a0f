import XCTest
final class PlaybackTestsSmoke: XCTestCase { func testBuilds() { XCTAssertEqual(1 + 1, 2) } }
