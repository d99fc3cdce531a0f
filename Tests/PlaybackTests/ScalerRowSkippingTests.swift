import CFFmpeg
import FFmpeg
import Foundation
import XCTest
@testable import Playback

/// Large downscales give swscale every other row (to a quarter of the height or less) or every
/// third row from the second (to a sixth or less); the result must be swscale's area averaging of those rows
/// exactly, and within 40 dB of area averaging of all rows.
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

    /// Every `step`th row from row `start` of every plane of the I420 `bytes` of a `w`x`h`
    /// picture, as a picture of a `step`th of the height.
    private func rows(_ bytes: [UInt8], width w: Int, height h: Int, step: Int, start: Int = 0) -> [UInt8] {
        var kept: [UInt8] = []
        var offset = 0
        for (pw, ph) in [(w, h), (w / 2, h / 2), (w / 2, h / 2)] {
            for row in stride(from: start, to: ph, by: step) { kept += bytes[(offset + row * pw)..<(offset + row * pw + pw)] }
            offset += pw * ph
        }
        return kept
    }

    func testAQuarterHeightOrLessIsAreaAveragingOfEveryOtherRow() throws {
        let (w, h) = (64, 48)
        let bytes = (0..<(w * h * 3 / 2)).map { UInt8(truncatingIfNeeded: $0 * 37 % 251) }
        let source = try frame(width: w, height: h, bytes: bytes)
        // 16x10: not exactly a quarter (that is QuarterShrink's), a quarter of the height or less.
        let reference = try swscale(try frame(width: w, height: h / 2, bytes: rows(bytes, width: w, height: h, step: 2)),
                                    width: 16, height: 10)
        let picture = try XCTUnwrap(Scaler(filter: .areaWhenShrinking).convert(source, width: 16, height: 10, pts: 0, serial: 1))
        for index in 0..<3 { XCTAssertEqual(plane(picture, index), reference[index], "plane \(index)") }
        let third = try XCTUnwrap(Scaler(filter: .areaWhenShrinking).convert(source, width: 32, height: 16, pts: 0, serial: 1))
        XCTAssertEqual(plane(third, 0), try swscale(source, width: 32, height: 16)[0], "a third of the height: all rows")
    }

    func testASixthOfTheHeightOrLessIsAreaAveragingOfEveryThirdRow() throws {
        let (w, h) = (64, 72)
        let bytes = (0..<(w * h * 3 / 2)).map { UInt8(truncatingIfNeeded: $0 * 37 % 251) }
        let source = try frame(width: w, height: h, bytes: bytes)
        // The middle row of each three, in every plane.
        let middles = rows(bytes, width: w, height: h, step: 3, start: 1)
        let reference = try swscale(try frame(width: w, height: h / 3, bytes: middles), width: 16, height: 12)
        let picture = try XCTUnwrap(Scaler(filter: .areaWhenShrinking).convert(source, width: 16, height: 12, pts: 0, serial: 1))
        for index in 0..<3 { XCTAssertEqual(plane(picture, index), reference[index], "plane \(index)") }
        // 68 rows do not split into thirds that keep the chroma rows in step: every other row.
        let shorter = Array(bytes[0..<(w * 68 * 3 / 2)])
        let halves = try swscale(try frame(width: w, height: 34, bytes: rows(shorter, width: w, height: 68, step: 2)),
                                 width: 16, height: 10)
        let picked = try XCTUnwrap(Scaler(filter: .areaWhenShrinking)
            .convert(try frame(width: w, height: 68, bytes: shorter), width: 16, height: 10, pts: 0, serial: 1))
        XCTAssertEqual(plane(picked, 0), halves[0], "68 rows to 10: every other row")
    }

    /// The benchmark's case: a 1080p test pattern (sharp edges, text, gradients) to a 320x180
    /// float (every third row), against swscale's area averaging of all rows. Leaving out rows
    /// lets only the finest vertical detail alias; they agree far more closely than fast
    /// bilinear, rejected for its aliasing, does. The default 480x270 float (4x4 means of every
    /// other row) is what swscale gave on every other row, to within rounding.
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
        // The default float (480x270) in 4x4 means of every other row (QuarterShrink): what
        // swscale's area averaging of every other row gave, to within rounding, and as close to
        // area averaging of all rows.
        let quarter = try XCTUnwrap(Scaler(filter: .areaWhenShrinking).convert(source, width: 480, height: 270, pts: 0, serial: 1))
        let allRows = try swscale(source, width: 480, height: 270)
        let everyOther = try swscale(try frame(width: 1920, height: 540, bytes: rows(bytes, width: 1920, height: 1080, step: 2)),
                                     width: 480, height: 270)
        for index in 0..<3 {
            let same = psnr(plane(quarter, index), everyOther[index]), all = psnr(plane(quarter, index), allRows[index])
            let before = psnr(everyOther[index], allRows[index])
            print(String(format: "plane %d, 480x270: PSNR against swscale on every other row %.1f dB; against one-step area %.1f dB (swscale on every other row: %.1f dB)", index, same, all, before))
            XCTAssertGreaterThan(same, 50, "plane \(index), 480x270")
            XCTAssertGreaterThan(all, before - 0.5, "plane \(index), 480x270")
        }
    }
}

/// A picture shown at exactly half its size is halved in 2x2 means by ``HalfShrink``, without
/// swscale: the mean of each block, rounded, in every plane.
extension ScalerRowSkippingTests {
    /// The exact means of `n`x`n` blocks of the I420 `bytes` of a `w`x`h` picture, rounded,
    /// plane by plane, over the block's rows `rows` (all when nil).
    private func blockMeans(_ bytes: [UInt8], width w: Int, height h: Int, block n: Int = 2, rows: [Int]? = nil) -> [[UInt8]] {
        var planes: [[UInt8]] = []
        var offset = 0
        let rows = rows ?? Array(0..<n)
        for (pw, ph) in [(w, h), (w / 2, h / 2), (w / 2, h / 2)] {
            var plane: [UInt8] = []
            for y in 0..<(ph / n) {
                for x in 0..<(pw / n) {
                    var sum = n * rows.count / 2
                    for dy in rows {
                        for dx in 0..<n { sum += Int(bytes[offset + (n * y + dy) * pw + n * x + dx]) }
                    }
                    plane.append(UInt8(sum / (n * rows.count)))
                }
            }
            planes.append(plane)
            offset += pw * ph
        }
        return planes
    }

    func testAPictureShownAtAQuarterOfItsSizeIsTheMeansOfEveryOtherRowOfItsFourByFourBlocks() throws {
        // 36 samples across (16 at a time and 4 left over in luma; 18 in chroma) and 22 rows.
        for (w, h) in [(144, 88), (128, 64)] {
            let bytes = (0..<(w * h * 3 / 2)).map { UInt8(truncatingIfNeeded: $0 * 37 % 251 + ($0 / w) * 3) }
            let scaler = Scaler(filter: .areaWhenShrinking)
            let picture = try XCTUnwrap(scaler.convert(try frame(width: w, height: h, bytes: bytes),
                                                       width: w / 4, height: h / 4, pts: 0, serial: 1))
            let expected = blockMeans(bytes, width: w, height: h, block: 4, rows: [0, 2])
            for index in 0..<3 { XCTAssertEqual(plane(picture, index), expected[index], "\(w)x\(h), plane \(index)") }
            XCTAssertEqual(scaler.quarteredCount, 1, "\(w)x\(h)")
            XCTAssertEqual(scaler.buildCount, 0, "\(w)x\(h): no swscale context")
        }
        // A quarter of the width only: swscale.
        let bytes = [UInt8](repeating: 128, count: 144 * 88 * 3 / 2)
        let scaler = Scaler(filter: .areaWhenShrinking)
        _ = try XCTUnwrap(scaler.convert(try frame(width: 144, height: 88, bytes: bytes), width: 36, height: 20, pts: 0, serial: 1))
        XCTAssertEqual(scaler.quarteredCount, 0)
        XCTAssertEqual(scaler.buildCount, 1)
    }

    func testAPictureShownAtHalfItsSizeIsTheMeansOfItsTwoByTwoBlocks() throws {
        // 72 samples across (16 at a time and 4 left over in luma; 18 in chroma) and 44 rows.
        for (w, h) in [(72, 44), (64, 32)] {
            let bytes = (0..<(w * h * 3 / 2)).map { UInt8(truncatingIfNeeded: $0 * 37 % 251 + ($0 / w) * 3) }
            let scaler = Scaler(filter: .areaWhenShrinking)
            let picture = try XCTUnwrap(scaler.convert(try frame(width: w, height: h, bytes: bytes),
                                                       width: w / 2, height: h / 2, pts: 0, serial: 1))
            let expected = blockMeans(bytes, width: w, height: h)
            for index in 0..<3 { XCTAssertEqual(plane(picture, index), expected[index], "\(w)x\(h), plane \(index)") }
            XCTAssertEqual(scaler.halvedCount, 1, "\(w)x\(h)")
            XCTAssertEqual(scaler.buildCount, 0, "\(w)x\(h): no swscale context")
        }
        // Not exactly half: swscale.
        let bytes = [UInt8](repeating: 128, count: 72 * 44 * 3 / 2)
        let scaler = Scaler(filter: .areaWhenShrinking)
        _ = try XCTUnwrap(scaler.convert(try frame(width: 72, height: 44, bytes: bytes), width: 34, height: 22, pts: 0, serial: 1))
        XCTAssertEqual(scaler.halvedCount, 0)
        XCTAssertEqual(scaler.buildCount, 1)
        // A broadcast's encoder keeps its own filter.
        let encoderScaler = Scaler(filter: .fastBilinearToHalf)
        _ = try XCTUnwrap(encoderScaler.convert(try frame(width: 72, height: 44, bytes: bytes), width: 36, height: 22, pts: 0, serial: 1))
        XCTAssertEqual(encoderScaler.halvedCount, 0)
    }

    /// On a call participant's picture (testsrc2 at 640x360) halved for the float, the 2x2 means
    /// and swscale's area averaging agree to within rounding.
    func testHalvingAgreesWithSwscalesAreaAveraging() throws {
        let media = try TestMedia()
        let raw = try media.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30", "-ss", "2.2", "-frames:v", "1",
                                    "-pix_fmt", "yuv420p", "-f", "rawvideo", media.path("participant.yuv")])
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: raw)))
        let source = try frame(width: 640, height: 360, bytes: bytes)
        let picture = try XCTUnwrap(Scaler(filter: .areaWhenShrinking).convert(source, width: 320, height: 180, pts: 0, serial: 1))
        let reference = try swscale(source, width: 320, height: 180)
        for index in 0..<3 {
            let agreement = psnr(plane(picture, index), reference[index])
            XCTAssertGreaterThan(agreement, 45, "plane \(index): \(agreement) dB")
        }
    }
}
