import CFFmpeg
import FFmpeg
import XCTest
@testable import Broadcast
@testable import Playback


/// W9: the host's preview of a 720p broadcast is the capture halved, each sample the mean of a
/// 2x2 block; other sizes go through swscale.
final class FrameScalerTests: XCTestCase {
    /// A YUV420P picture whose samples are `value(plane, x, y)`.
    private func picture(width: Int, height: Int, _ value: (Int, Int, Int) -> UInt8) throws -> Frame {
        let frame = Frame()
        frame.pointer.pointee.width = Int32(width)
        frame.pointer.pointee.height = Int32(height)
        frame.pointer.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        XCTAssertGreaterThanOrEqual(av_frame_get_buffer(frame.pointer, 0), 0)
        let f = frame.pointer.pointee
        let planes = [(f.data.0, f.linesize.0, width, height), (f.data.1, f.linesize.1, width / 2, height / 2),
                      (f.data.2, f.linesize.2, width / 2, height / 2)]
        for (index, (data, pitch, w, h)) in planes.enumerated() {
            let base = try XCTUnwrap(data)
            for y in 0..<h { for x in 0..<w { base[y * Int(pitch) + x] = value(index, x, y) } }
        }
        return frame
    }

    /// The samples of one plane of a preview, row by row.
    private func samples(_ frame: VideoFrame, plane: Int) -> [[UInt8]] {
        let (w, h) = plane == 0 ? (frame.width, frame.height) : (frame.width / 2, frame.height / 2)
        let pitch = [frame.pitches.y, frame.pitches.u, frame.pitches.v][plane]
        let offset = [frame.planeOffsets.y, frame.planeOffsets.u, frame.planeOffsets.v][plane]
        return (0..<h).map { y in Array(frame.storage[(offset + y * pitch)..<(offset + y * pitch + w)]) }
    }

    func testAPictureOfTwiceThePreviewSizeIsHalvedByAveragingEachBlock() throws {
        let frame = try picture(width: 8, height: 4) { plane, x, y in UInt8(plane * 100 + y * 10 + x) }
        XCTAssertTrue(FrameScaler.halves(frame, width: 4, height: 2))
        let preview = try XCTUnwrap(FrameScaler().preview(frame, width: 4, height: 2, time: 1.5))
        XCTAssertEqual(preview.pts, 1.5)
        XCTAssertEqual(preview.serial, 1)
        // Y: rows 0-1 and 2-3, columns 2x and 2x+1: mean of y*10+x over the block, rounded.
        XCTAssertEqual(samples(preview, plane: 0), [[6, 8, 10, 12], [26, 28, 30, 32]])
        XCTAssertEqual(samples(preview, plane: 1), [[106, 108]])
        XCTAssertEqual(samples(preview, plane: 2), [[206, 208]])
    }

    func testOtherSizesStillGoThroughSwscale() throws {
        let frame = try picture(width: 12, height: 6) { _, _, _ in 90 }
        XCTAssertFalse(FrameScaler.halves(frame, width: 4, height: 2), "a third, not a half")
        XCTAssertFalse(FrameScaler.halves(frame, width: 6, height: 4), "not half on both axes")
        let preview = try XCTUnwrap(FrameScaler().preview(frame, width: 4, height: 2, time: 0))
        XCTAssertEqual(samples(preview, plane: 0), [[90, 90, 90, 90], [90, 90, 90, 90]])
    }

    /// A smooth picture halved agrees with swscale's fast bilinear within a grey level on
    /// average (at sharp edges the two place the half-way sample differently).
    func testHalvingAgreesWithSwscaleOnASmoothPicture() throws {
        let frame = try picture(width: 1280, height: 720) { plane, x, y in
            UInt8(truncatingIfNeeded: plane * 40 + (x * 3 + y * 5) / 23)
        }
        let scaler = FrameScaler()
        let halved = try XCTUnwrap(scaler.preview(frame, width: 640, height: 360, time: 0))
        let scaled = try XCTUnwrap(scaler.convert(frame, width: 640, height: 360))
        let s = scaled.pointer.pointee
        var total = 0
        for (y, row) in samples(halved, plane: 0).enumerated() {
            for (x, value) in row.enumerated() { total += abs(Int(value) - Int(s.data.0![y * Int(s.linesize.0) + x])) }
        }
        let mean = Double(total) / Double(640 * 360)
        XCTAssertLessThan(mean, 1, "mean difference from swscale's fast bilinear, in grey levels")
    }
}
