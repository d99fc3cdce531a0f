@testable import Broadcast
import Foundation
import LiveServerTestSupport
import LocksAndThreads
@testable import Playback
import XCTest

/// An FLV output whose setup fails after its format context was made frees it and closes the
/// connection: the publisher's retries leak neither memory nor sockets.
final class FLVOutputTests: XCTestCase {
    func testAFailureWhileAddingStreamsFreesTheContextAndClosesTheConnection() throws {
        let nginx = try NginxServer()
        try nginx.start()
        let format = CaptureFormat(width: 320, height: 180, frameRate: 30, hasAudio: true)
        let before = FLVOutput.liveOutputs.withLock { $0 }
        let openFiles = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
        for _ in 0..<3 {
            XCTAssertThrowsError(try FLVOutput(url: nginx.rtmpURL("leak"), format: format,
                                               options: PublishOptions(), interrupt: InterruptFlag(),
                                               failAddingStreams: true))
        }
        XCTAssertEqual(FLVOutput.liveOutputs.withLock { $0 }, before, "every format context was freed")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count, openFiles,
                       "every connection was closed")
    }
}
