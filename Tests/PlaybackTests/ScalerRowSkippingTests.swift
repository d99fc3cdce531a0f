import CFFmpeg
import Foundation
@testable import Playback
import XCTest

/// Large downscales give swscale every other row; the result must be swscale's area averaging
/// of those rows exactly, and close to area averaging of all rows.
final class ScalerRowSkippingTests: XCTestCase {
    /// A YUV420P frame of `width`x`height` filled from `bytes` (planar I420, no padding).
    private func frame(width: Int, height: Int, bytes: [UInt8]) throws -> Frame {
        let frame = Frame()
        frame.pointer.pointee.width = Int32(width)
        frame.pointer.pointee.height = Int32(height)
        frame.pointer.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        XCTAssertGreaterThanOrEqual(av_frame_get_buffer(frame.pointer, 0), 0)
        let f = frame.pointer.pointee
        var offset = 0
        for (data, pitch, w, h) in [(f.data.0, f.linesize.0, width, height), (f.data.1, f.linesize.1, width / 2, height / 2),
                                    (f.data.2, f.linesize.2, width / 2, height / 2)] {
            let base = try XCTUnwrap(data)
            for y in 0..<h {
                for x in 0..<w { base[y * Int(pitch) + x] = bytes[offset + y * w + x] }
            }
            offset += w * h
        }
        return frame
    }

    /// The samples of one plane of `picture`, without padding.
    private func plane(_ picture: VideoFrame, _ index: Int) -> [UInt8] {
        let (w, h) = index == 0 ? (picture.width, picture.height) : (picture.width / 2, picture.height / 2)
        let pitch = [picture.pitches.y, picture.pitches.u, picture.pitches.v][index]
        let offset = [picture.planeOffsets.y, picture.planeOffsets.u, picture.planeOffsets.v][index]
        return (0..<h).flatMap { y in picture.storage[(offset + y * pitch)..<(offset + y * pitch + w)] }
    }

    /// swscale's conversion of `frame` to `width`x`height` in one step with `flags`: area
    /// averaging is the reference.
    private func swscale(_ frame: Frame, width: Int, height: Int, flags: Int32 = Int32(SWS_AREA)) throws -> [[UInt8]] {
        let context = try XCTUnwrap(sws_getContext(Int32(frame.width), Int32(frame.height), AV_PIX_FMT_YUV420P,
                                                   Int32(width), Int32(height), AV_PIX_FMT_YUV420P,
                                                   flags, nil, nil, nil))
        defer { sws_freeContext(context) }
        var y = [UInt8](repeating: 0, count: width * height)
        var u = [UInt8](repeating: 0, count: width * height / 4), v = u
        let f = frame.pointer.pointee
        let sources: [UnsafePointer<UInt8>?] = [f.data.0, f.data.1, f.data.2, nil].map { $0.map { UnsafePointer($0) } }
        let sourcePitches = [f.linesize.0, f.linesize.1, f.linesize.2, 0]
        let pitches: [Int32] = [Int32(width), Int32(width / 2), Int32(width / 2), 0]
        let written = y.withUnsafeMutableBufferPointer { yb in
            u.withUnsafeMutableBufferPointer { ub in
                v.withUnsafeMutableBufferPointer { vb in
                    let targets = [yb.baseAddress, ub.baseAddress, vb.baseAddress, nil]
                    return sws_scale(context, sources, sourcePitches, 0, Int32(frame.height), targets, pitches)
                }
            }
        }
        XCTAssertGreaterThan(written, 0)
        return [y, u, v]
    }

    /// Peak signal-to-noise ratio of `a` against `b`, in dB.
    private func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        let squared = zip(a, b).reduce(0.0) { sum, pair in
            let d = Double(pair.0) - Double(pair.1)
            return sum + d * d
        }
        return squared == 0 ? .infinity : 10 * log10(255 * 255 / (squared / Double(a.count)))
    }

    func testAQuarterHeightOrLessIsAreaAveragingOfEveryOtherRow() throws {
        let (w, h) = (64, 48)
        let bytes = (0..<(w * h * 3 / 2)).map { UInt8(truncatingIfNeeded: $0 * 37 % 251) }
        let source = try frame(width: w, height: h, bytes: bytes)
        // The even rows of every plane, as a picture of half the height.
        var even: [UInt8] = []
        var offset = 0
        for (pw, ph) in [(w, h), (w / 2, h / 2), (w / 2, h / 2)] {
            for row in stride(from: 0, to: ph, by: 2) { even += bytes[(offset + row * pw)..<(offset + row * pw + pw)] }
            offset += pw * ph
        }
        let reference = try swscale(try frame(width: w, height: h / 2, bytes: even), width: 16, height: 12)
        let picture = try XCTUnwrap(Scaler(filter: .areaWhenShrinking).convert(source, width: 16, height: 12, pts: 0, serial: 1))
        for index in 0..<3 { XCTAssertEqual(plane(picture, index), reference[index], "plane \(index)") }
        let third = try XCTUnwrap(Scaler(filter: .areaWhenShrinking).convert(source, width: 32, height: 16, pts: 0, serial: 1))
        XCTAssertEqual(plane(third, 0), try swscale(source, width: 32, height: 16)[0], "a third of the height: all rows")
    }

    /// The benchmark's case: a 1080p test pattern (sharp edges, text, gradients) to a 320x180
    /// float, against swscale's area averaging of all rows. Leaving out every other row lets
    /// only the finest vertical detail alias; they agree far more closely than fast bilinear,
    /// rejected for its aliasing, does.
    func testA1080pPatternShrunkToTheFloatMatchesAreaAveraging() throws {
        let media = try TestMedia()
        let raw = try media.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=30", "-ss", "3.4", "-frames:v", "1",
                                    "-pix_fmt", "yuv420p", "-f", "rawvideo", media.path("pattern.yuv")])
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: raw)))
        XCTAssertEqual(bytes.count, 1920 * 1080 * 3 / 2)
        let source = try frame(width: 1920, height: 1080, bytes: bytes)
        let picture = try XCTUnwrap(Scaler(filter: .areaWhenShrinking).convert(source, width: 320, height: 180, pts: 0, serial: 1))
        let reference = try swscale(source, width: 320, height: 180)
        let fastBilinear = try swscale(source, width: 320, height: 180, flags: Int32(SWS_FAST_BILINEAR))
        for index in 0..<3 {
            let ours = psnr(plane(picture, index), reference[index]), fast = psnr(fastBilinear[index], reference[index])
            print("plane \(index): PSNR against one-step area \(String(format: "%.1f", ours)) dB; fast bilinear's \(String(format: "%.1f", fast)) dB")
            XCTAssertGreaterThan(ours, 40, "plane \(index)")
            XCTAssertGreaterThan(ours, fast + 10, "plane \(index)")
        }
    }
}
