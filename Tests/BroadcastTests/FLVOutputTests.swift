import FFmpeg
import Foundation
import LiveServerTestSupport
import LocksAndThreads
import XCTest
@testable import Broadcast
@testable import Playback

/// An FLV output whose setup fails after its format context was made frees it and closes the
/// connection: the publisher's retries leak neither memory nor sockets.
final class FLVOutputTests: XCTestCase {
    func testAFailureWhileAddingStreamsFreesTheContextAndClosesTheConnection() throws {
        let nginx = try NginxServer()
        try nginx.start()
        let format = CaptureFormat(width: 320, height: 180, frameRate: 30, hasAudio: true)
        let before = FLVOutput.liveOutputs.withLock { $0 }
        for _ in 0..<3 {
            XCTAssertThrowsError(try FLVOutput(url: nginx.rtmpURL("leak"), format: format,
                                               options: PublishOptions(), interrupt: InterruptFlag(),
                                               failAddingStreams: true))
        }
        XCTAssertEqual(FLVOutput.liveOutputs.withLock { $0 }, before, "every format context was freed")
        XCTAssertEqual(try Self.openConnections(toPort: nginx.rtmpPort), 0, "every connection was closed")
    }

    /// The TCP connections this process holds open to `port` on 127.0.0.1: the sockets among its
    /// open files whose entry in /proc/net/tcp has that remote port. Counting only these, rather
    /// than every open file, leaves out what other threads of the test process open meanwhile.
    static func openConnections(toPort port: Int) throws -> Int {
        let links = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
            .compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0) }
        let inodes = Set(links.compactMap { link -> String? in
            guard link.hasPrefix("socket:["), link.hasSuffix("]") else { return nil }
            return String(link.dropFirst("socket:[".count).dropLast())
        })
        let remotePort = String(format: ":%04X", port)
        return try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)
            .split(separator: "\n").dropFirst()
            .map { $0.split(separator: " ") }
            .filter { $0.count > 9 && $0[2].hasSuffix(remotePort) && inodes.contains(String($0[9])) }
            .count
    }
}
