import FFmpeg
import Foundation
@testable import Playback
import TestSupport
import XCTest

/// D9: for a renderer that scales on the GPU a player queues pictures as decoded, whatever the
/// size shown: a YUV420P source's own planes (nothing converted), anything else converted to
/// YUV420P at its decoded size; each picture says which YUV matrix its planes need.
final class GPUScalingTests: XCTestCase {
    /// The first picture `source` queues for a 320x180 box with `scaling`.
    private func firstPicture(_ source: String, scaling: PlaybackOptions.Scaling) throws -> VideoFrame {
        let session = SourcePlayer(source: source, options: PlaybackOptions(scaling: scaling))
        defer { session.close() }
        session.setOutputSize(width: 320, height: 180)
        return try eventuallyValue("\(source) queues a picture", timeout: 5, poll: 0.01) { session.takeFrame() }
    }

    func testAYUVSourceIsQueuedAsDecodedWithItsMatrixAndOthersAreConvertedAtTheirSize() throws {
        let hd = try firstPicture("lavfi:testsrc2=size=1280x720:rate=30,format=yuv420p", scaling: .onScreen)
        XCTAssertEqual([hd.width, hd.height], [1280, 720], "not scaled to the box")
        XCTAssertTrue(hd.isDecoderPicture, "the decoder's planes, not a copy")
        XCTAssertEqual(hd.matrix, .bt709, "an untagged picture above 576 rows is BT.709")
        let luma = hd.withPlanes { y, _, _ in (0..<hd.width).map { y[hd.height / 2 * hd.pitches.y + $0] } }
        XCTAssertGreaterThan(Set(luma).count, 8, "the planes hold the picture")

        let sd = try firstPicture("lavfi:smptebars=size=640x480:rate=30", scaling: .onScreen)
        XCTAssertEqual(sd.matrix, .bt601, "an untagged picture of 576 rows or fewer is BT.601")
        let full = try firstPicture("lavfi:testsrc2=size=640x360:rate=30,format=yuvj420p", scaling: .onScreen)
        XCTAssertEqual(full.matrix, .fullRangeBT601)

        let rgb = try firstPicture("lavfi:color=c=0x2a6f97:size=1280x720:rate=30,format=rgb24", scaling: .onScreen)
        XCTAssertEqual([rgb.width, rgb.height], [1280, 720])
        XCTAssertFalse(rgb.isDecoderPicture, "RGB is converted to YUV420P")
        XCTAssertEqual(rgb.matrix, .bt601, "swscale writes BT.601 from RGB")

        let fitted = try firstPicture("lavfi:testsrc2=size=1280x720:rate=30,format=yuv420p", scaling: .beforeQueue)
        XCTAssertEqual([fitted.width, fitted.height], [320, 180], "the software path converts to the box")
        XCTAssertFalse(fitted.isDecoderPicture)
        XCTAssertEqual(fitted.matrix, .bt709, "the source's matrix, not the small picture's")
    }
}
