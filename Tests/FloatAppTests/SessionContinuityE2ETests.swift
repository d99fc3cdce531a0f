import Foundation
import TestSupport
import XCTest

/// Entering and leaving PiP keeps one playback going (P17) with the lifecycle in order (M3),
/// and `--no-pip` makes every PiP request a no-op (M1), on a real desktop.
final class SessionContinuityE2ETests: SessionE2ETestCase {
    private let room = TestRoom(id: "continuity-live", title: "Continuity Live")
    private let roundTrips = 5
    /// P17: the first frame in the float appears within 50 ms of the request.
    private let firstFloatFrameLimit = 50.0

    func testRoundTripsKeepOneSourceAndShowTheFloatAtOnce() throws {
        let session = try startSession([room])
        try inSession(session) {
            try session.openFromList(room)
            var enterDelays: [Double] = []
            var leaveDelays: [Double] = []
            for round in 1...roundTrips {
                try session.focusMain()
                // Odd rounds use the PiP control, even rounds the P key (P1).
                if round.isMultiple(of: 2) {
                    session.desktop.key(.p)
                } else {
                    session.desktop.click(at: try session.firstControlPoint())
                }
                let float = try session.waitForFloat(of: room)
                let willStart = try eventuallyValue("round \(round) starts PiP", timeout: 5) {
                    session.stats.events(named: "lifecycle", matching: ["event": "willStart"]).dropFirst(round - 1).first
                }
                let firstFloat = try eventuallyValue("round \(round): the float presents a frame", timeout: 5) {
                    session.frames("float", of: room).first { $0.time >= willStart.time }
                }
                enterDelays.append(firstFloat.time - willStart.time)
                // Let the float play on a little, so each direction of the switch is crossed by moving pts.
                try eventually("round \(round): the float plays on", timeout: 5) {
                    session.frames("float", of: room).contains { ($0.pts ?? 0) > (firstFloat.pts ?? 0) + 0.1 }
                }
                if round == 1 { try session.screenshot("1-float") }

                session.desktop.click(at: float.rect.center)
                try session.waitUntilNoFloat()
                let willStop = try eventuallyValue("round \(round) stops PiP", timeout: 5) {
                    session.stats.events(named: "lifecycle", matching: ["event": "willStop"]).dropFirst(round - 1).first
                }
                let firstMain = try session.waitForMainFrame(of: room, after: willStop.time)
                leaveDelays.append(firstMain.time - willStop.time)
            }
            try session.waitForMainPicture()
            try session.screenshot("2-restored")

            let cycle = ["willStart", "didStart", "willStop", "didStop"]
            XCTAssertEqual(session.lifecycle(), Array(repeating: cycle, count: roundTrips).flatMap { $0 })
            XCTAssertEqual(session.stats.events(named: "open").count, 1, "the room is opened once")
            XCTAssertEqual(session.stats.events(named: "source_open").count, 1, "the source is opened once")
            let frames = session.stats.events(named: "frame", matching: ["room": room.id])
            let pts = frames.compactMap(\.pts)
            XCTAssertEqual(pts.count, frames.count, "every frame has a pts")
            let backwards = zip(frames, frames.dropFirst()).filter { ($1.pts ?? 0) < ($0.pts ?? 0) }
            XCTAssertEqual(
                backwards.map { "\($0.0.fields) -> \($0.1.fields)" }, [], "pts never go backwards across switches")
            for (round, delay) in enterDelays.enumerated() {
                XCTAssertLessThanOrEqual(
                    delay, firstFloatFrameLimit, "round \(round + 1): first float frame \(delay) ms after willStart")
            }
            print(
                "P17 \(roundTrips) round trips: first float frame after willStart (ms) \(enterDelays);"
                    + " first main frame after willStop (ms) \(leaveDelays);"
                    + " frames \(frames.count), pts \(pts.first ?? -1) ... \(pts.last ?? -1) s")
        }
    }

    func testNoPiPFlagMakesRequestsNoOps() throws {
        let session = try startSession([room], arguments: ["--no-pip"])
        try inSession(session) {
            try session.openFromList(room)
            session.desktop.key(.p)
            // Where the PiP control sits when PiP is enabled, the bar now starts with mute (M1):
            // clicking there mutes, and once that is logged the P before it has been handled.
            session.desktop.click(at: try session.firstControlPoint())
            try eventually("the first control of the bar is mute", timeout: 5) {
                session.stats.events(named: "mute", matching: ["room": room.id])
                    .map { $0.fields["muted"] ?? "" }.map { ["1", "true"].contains($0) } == [true]
            }
            try session.screenshot("1-no-pip-controls")
            XCTAssertEqual(session.lifecycle(), [], "no PiP lifecycle event, not even a refusal")
            XCTAssertEqual(session.stats.events(named: "layout").count, 0)
            XCTAssertEqual(session.viewableFloats(), [], "no float was shown")
            XCTAssertEqual(session.stats.events(named: "float_shown").count, 0)
        }
    }
}
