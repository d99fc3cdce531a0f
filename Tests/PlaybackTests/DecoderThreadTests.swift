import EngineTerms
import FFmpeg
import Foundation
import TestSupport
import XCTest
@testable import Playback

final class DecoderThreadTests: XCTestCase {
    private func videoThreads(_ graph: String, demand: VideoDemand = .full(width: 320, height: 180)) throws -> Int {
        FFmpegRuntime.ensureInitialized()
        let input = try InputContext(url: graph, formatName: "lavfi", interrupt: InterruptFlag(),
                                     openTimeout: 5, ioTimeout: 5, deviceOptions: [:])
        let stream = try XCTUnwrap(input.bestStream(.video))
        return Decoder.threadCount(forVideo: stream, demand: demand)
    }

    func testOneDecodingThreadUpTo1080p30AndTwoAbove() throws {
        XCTAssertEqual(try videoThreads("testsrc2=size=320x240:rate=30"), 1)
        XCTAssertEqual(try videoThreads("testsrc2=size=1920x1080:rate=30"), 1)
        XCTAssertEqual(try videoThreads("testsrc2=size=1920x1080:rate=60"), 2)
        XCTAssertEqual(try videoThreads("testsrc2=size=3840x2160:rate=25"), 2)
    }

    func testOneDecodingThreadForAHiddenOrThumbnailSourceWhateverItsRate() throws {
        XCTAssertEqual(try videoThreads("testsrc2=size=3840x2160:rate=25", demand: .hidden), 1)
        XCTAssertEqual(try videoThreads("testsrc2=size=1920x1080:rate=60", demand: .thumbnail(width: 320, height: 180)), 1)
    }
}
