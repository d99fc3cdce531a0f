import CFFmpeg
import Foundation
@testable import Playback
import XCTest

/// Large downscales average groups of rows before swscale finishes; the result must match
/// swscale's area averaging done in one step.
final class ScalerRowAveragingTests: XCTestCase {
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

    func testTheFactorIsTheMostRowsThatKeepTheTargetHeightAndGroupChromaAlike() {
        let yuv420p = AV_PIX_FMT_YUV420P.rawValue
        XCTAssertEqual(RowAveragedPicture.factor(format: yuv420p, height: 1080, targetHeight: 180), 6)
        XCTAssertEqual(RowAveragedPicture.factor(format: yuv420p, height: 1080, targetHeight: 270), 4)
        XCTAssertEqual(RowAveragedPicture.factor(format: yuv420p, height: 1080, targetHeight: 90), 6,
                       "at most 8, and 1080 rows do not group by 7 or 8 alike in chroma")
        XCTAssertEqual(RowAveragedPicture.factor(format: yuv420p, height: 720, targetHeight: 360), 2)
        XCTAssertEqual(RowAveragedPicture.factor(format: yuv420p, height: 1080, targetHeight: 720), 1)
        XCTAssertEqual(RowAveragedPicture.factor(format: yuv420p, height: 362, targetHeight: 90), 1,
                       "181 chroma rows group by nothing")
        XCTAssertEqual(RowAveragedPicture.factor(format: AV_PIX_FMT_NV12.rawValue, height: 1080, targetHeight: 180), 1)
    }

    func testEachRowIsTheRoundedMeanOfItsGroup() throws {
        let (w, h) = (6, 120)
        let bytes = (0..<(w * h * 3 / 2)).map { UInt8(truncatingIfNeeded: $0 * 37 % 256) }
        let source = try frame(width: w, height: h, bytes: bytes)
        let f = source.pointer.pointee
        let planes: [UnsafePointer<UInt8>] = [UnsafePointer(try XCTUnwrap(f.data.0)), UnsafePointer(try XCTUnwrap(f.data.1)),
                                              UnsafePointer(try XCTUnwrap(f.data.2))]
        for factor in 2...8 where h % (2 * factor) == 0 {
            let averaged = RowAveragedPicture(sourceWidth: w, sourceHeight: h, factor: factor)
            averaged.fill(from: planes, pitches: [Int(f.linesize.0), Int(f.linesize.1), Int(f.linesize.2)])
            XCTAssertEqual(averaged.height, h / factor)
            var offset = 0
            for (plane, (pw, ph)) in [(w, h), (w / 2, h / 2), (w / 2, h / 2)].enumerated() {
                for row in 0..<(ph / factor) {
                    for x in 0..<pw {
                        let sum = (0..<factor).reduce(0) { $0 + Int(bytes[offset + (factor * row + $1) * pw + x]) }
                        XCTAssertEqual(Int(averaged.planes[plane][row * averaged.pitches[plane] + x]), (sum + factor / 2) / factor,
                                       "factor \(factor) plane \(plane) row \(row) x \(x)")
                    }
                }
                offset += pw * ph
            }
        }
    }

    /// The benchmark's case: a 1080p test pattern (sharp edges, text, gradients) to a 320x180
    /// float (each 6 rows averaged, then area across), against swscale's area averaging in one step
    /// (which rounds its intermediate sums differently). They agree far more closely than fast
    /// bilinear, rejected for its aliasing, does.
    func testA1080pPatternShrunkToTheFloatMatchesAreaAveraging() throws {
        let media = try TestMedia()
        let raw = try media.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=30", "-ss", "3.4", "-frames:v", "1",
                                    "-pix_fmt", "yuv420p", "-f", "rawvideo", media.path("pattern.yuv")])
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: raw)))
        XCTAssertEqual(bytes.count, 1920 * 1080 * 3 / 2)
        let source = try frame(width: 1920, height: 1080, bytes: bytes)
        let picture = try XCTUnwrap(Scaler().convert(source, width: 320, height: 180, pts: 0, serial: 1))
        let reference = try swscale(source, width: 320, height: 180)
        let fastBilinear = try swscale(source, width: 320, height: 180, flags: Int32(SWS_FAST_BILINEAR))
        for index in 0..<3 {
            let ours = psnr(plane(picture, index), reference[index]), fast = psnr(fastBilinear[index], reference[index])
            print("plane \(index): PSNR against one-step area \(String(format: "%.1f", ours)) dB; fast bilinear's \(String(format: "%.1f", fast)) dB")
            XCTAssertGreaterThan(ours, 50, "plane \(index)")
            XCTAssertGreaterThan(ours, fast + 10, "plane \(index)")
        }
    }
}
