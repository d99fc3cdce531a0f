import XCTest
@testable import Playback

/// The size pictures are converted to: a full picture fits its box, a thumbnail covers its tile
/// (one side the tile's, rounded up to even, the other beyond it), so the tile crops it and draws
/// it unscaled; neither is ever larger than the source.
final class OutputSizeTests: XCTestCase {
    private func size(_ source: (Int, Int), _ box: (Int, Int)?, covering: Bool) -> [Int] {
        let out = Connection.outputSize(source: (width: source.0, height: source.1),
                                        box: box.map { (width: $0.0, height: $0.1) }, covering: covering)
        return [out.width, out.height]
    }

    func testAThumbnailCoversItsTileAndAFullPictureFitsItsBox() {
        // A 16-person grid's tile in the default main window.
        XCTAssertEqual(size((640, 360), (202, 109), covering: true), [202, 114])
        XCTAssertEqual(size((640, 360), (202, 109), covering: false), [192, 108])
        XCTAssertEqual(size((640, 360), (203, 109), covering: true), [204, 116], "an odd side rounds up to even")
        XCTAssertEqual(size((640, 360), (150, 120), covering: true), [214, 120], "a tall tile: the height is the tile's")
        XCTAssertEqual(size((1920, 1080), (480, 270), covering: true), [480, 270], "the same aspect: exactly the box")
        XCTAssertEqual(size((1920, 1080), (480, 270), covering: false), [480, 270])
    }

    func testNeitherIsLargerThanTheSource() {
        XCTAssertEqual(size((160, 90), (320, 200), covering: true), [160, 90])
        XCTAssertEqual(size((160, 90), (320, 200), covering: false), [160, 90])
        XCTAssertEqual(size((640, 360), (640, 300), covering: true), [640, 360])
        XCTAssertEqual(size((641, 361), nil, covering: true), [640, 360], "no box: the source's size, even")
    }
}
