import CFFmpeg
import FFmpeg
import Foundation
import Playback
import TestSupport
import XCTest

/// A demuxer opens reading at most `InputContext.openProbeSize` (MPEG-TS keeps as much to seek
/// back to), but the streams' parameters are still read with FFmpeg's default: a high-rate
/// MPEG-TS stream joined in the middle of a GOP, whose first key frame (with the picture's
/// size) comes megabytes in, opens with its video's size known.
final class OpenProbeTests: XCTestCase {
    func testAStreamJoinedMidGOPWithItsKeyFrameMegabytesInOpensWithItsPictureSize() throws {
        let media = try TestMedia()
        // Noise at qp 0: about 0.3 MB a picture, a key frame every 30 pictures.
        let whole = try media.ffmpeg(["-f", "lavfi", "-i", "nullsrc=size=640x360:rate=30:duration=2,geq=lum='random(1)*255':cb=128:cr=128",
                                      "-c:v", "libx264", "-preset", "ultrafast", "-qp", "0", "-g", "30",
                                      "-pix_fmt", "yuv420p", "-f", "mpegts", media.path("whole.ts")])
        let data = try Data(contentsOf: URL(fileURLWithPath: whole))
        // Joined at picture 21 of 60: the next key frame, picture 30, is 9 pictures in.
        let cut = data.count * 21 / 60 / 188 * 188
        let joined = media.path("joined.ts")
        try data.subdata(in: cut..<data.count).write(to: URL(fileURLWithPath: joined))
        let keyFrameOffset = Double(data.count * 30 / 60 - cut) / 1e6
        XCTAssertGreaterThan(keyFrameOffset, Double(InputContext.openProbeSize) / 1e6 * 2,
                             "the first key frame comes well after the opening read")

        let input = try InputContext(url: joined, formatName: nil, interrupt: InterruptFlag(),
                                     openTimeout: 10, ioTimeout: 10, deviceOptions: [:])
        let video = try XCTUnwrap(input.bestStream(.video), "the stream opens with its video")
        XCTAssertEqual(video.pictureSize.width, 640, "the key frame \(keyFrameOffset) MB in was reached while probing")
        XCTAssertEqual(video.pictureSize.height, 360)
    }
}

/// A format FFmpeg only guesses from the data (a score of at most a quarter of a sure match,
/// after reading all it may) is refused with a clear error rather than played.
final class GuessedFormatTests: XCTestCase {
    func testAFileThatOnlyLooksLikeSomeFormatFailsToOpenAtOnce() throws {
        let media = try TestMedia()
        // EA's CDATA sound scores 12 for any file starting 04 00: a flipped bit in an MP4's
        // first box can make one; it would play as hours of 32 Hz noise.
        let path = media.path("damaged.mp4")
        var bytes = [UInt8](repeating: 0, count: 300_000)
        bytes[0] = 0x04
        for index in stride(from: 2, to: bytes.count, by: 7) { bytes[index] = UInt8(truncatingIfNeeded: index &* 31) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try InputContext(url: path, formatName: nil, interrupt: InterruptFlag(),
                                              openTimeout: 5, ioTimeout: 5, deviceOptions: [:])) { error in
            XCTAssertEqual((error as? FFmpegError)?.code, floatapp_AVERROR_INVALIDDATA(), "\(error)")
        }
        let player = SourcePlayer(source: path)
        defer { player.close() }
        try eventually("the damaged file fails: \(player.status)", timeout: 5, poll: 0.01) { player.status.isFinal }
        guard case .failed = player.status else { return XCTFail("\(player.status)") }
    }

    func testAFileFFmpegRecognisesStillOpens() throws {
        let media = try TestMedia()
        let file = try media.h264AAC("clip.mp4", seconds: 1)
        let input = try InputContext(url: file, formatName: nil, interrupt: InterruptFlag(),
                                     openTimeout: 5, ioTimeout: 5, deviceOptions: [:])
        XCTAssertNotNil(input.bestStream(.video))
    }
}
