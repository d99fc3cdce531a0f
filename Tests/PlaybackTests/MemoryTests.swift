import Foundation
import Playback
import XCTest

final class MemoryTests: XCTestCase {
    /// Resident memory of this process in kB, from /proc.
    private func residentKilobytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    func testMemoryStaysFlatWhileALongStreamPlays() {
        let session = SourcePlayer(source: "lavfi:testsrc2=size=640x360:rate=30[out0];sine=f=220[out1]")
        defer { session.close() }
        session.setOutputSize(width: 320, height: 180)
        let mixer = AudioMixer()
        mixer.add(session)
        let device = FakeAudioDevice(mixer: mixer, chunkFrames: 1024, speed: 8)
        let present: () -> Void = { _ = session.takeFrame() }

        XCTAssertTrue(device.run(timeout: 10, afterChunk: present, until: { (session.clockTime ?? 0) > 4 }))
        let early = residentKilobytes()
        XCTAssertTrue(device.run(timeout: 20, afterChunk: present, until: { (session.clockTime ?? 0) > 24 }))
        let late = residentKilobytes()

        XCTAssertLessThan(Double(late), Double(early) * 1.1, "RSS grew from \(early) kB to \(late) kB")
        XCTAssertLessThanOrEqual(session.bufferedAudio, 2)
        XCTAssertGreaterThan(session.counters.presented, 100, "the stream really played")
    }
}
