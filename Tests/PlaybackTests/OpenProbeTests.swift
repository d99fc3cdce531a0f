import FFmpeg
import Foundation
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
