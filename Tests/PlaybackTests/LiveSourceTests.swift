import EngineTerms
import Foundation
import Playback
import TestSupport
import XCTest

final class LiveSourceTests: XCTestCase {
    func testKilledServerGivesReconnectingAndPlaybackResumesWhenItReturns() throws {
        let server = LiveHTTPServer(port: freeLocalPort())
        try server.start()
        var options = PlaybackOptions.live
        options.openTimeout = 5
        let statuses = StatusLog()
        let session = SourcePlayer(source: server.url, options: options,
                                      observers: PlaybackObservers(onStatusChange: statuses.append))
        defer { session.close() }
        let mixer = AudioMixer()
        mixer.add(session)
        let device = FakeAudioDevice(mixer: mixer, chunkFrames: 480, speed: 1)

        var lastSerial = 0
        XCTAssertTrue(device.run(timeout: 10, afterChunk: { lastSerial = session.takeFrame()?.serial ?? 0 },
                                 until: { session.status == .playing && lastSerial > 10 }), "\(session.status)")
        XCTAssertEqual(session.openCount, 1)

        server.kill()
        XCTAssertTrue(device.run(timeout: 8, until: {
            if case .reconnecting = session.status { return true }
            return false
        }), "\(session.status)")
        guard case .reconnecting(let attempt, let delay) = session.status else { return XCTFail() }
        XCTAssertEqual(attempt, 1)
        XCTAssertEqual(delay, 0.5)
        XCTAssertNotNil(session.takeFrame(), "the last frame stays on screen while reconnecting")

        try server.start()
        let before = session.takeFrame()?.serial ?? 0
        XCTAssertTrue(device.run(timeout: 15, until: {
            session.status == .playing && (session.takeFrame()?.serial ?? 0) > before + 5
        }), "\(session.status)")
        XCTAssertGreaterThanOrEqual(session.openCount, 2)
        XCTAssertTrue(statuses.all.contains(.reconnecting(attempt: 1, retryIn: 0.5)))
    }

    /// Real-time smoke test of the backoff; ``ClockTests`` checks every step and the cap.
    func testBackoffDoublesFromHalfASecond() throws {
        let statuses = StatusLog()
        let session = SourcePlayer(source: "http://127.0.0.1:\(freeLocalPort())/none.ts", options: .live,
                                      observers: PlaybackObservers(onStatusChange: statuses.append))
        defer { session.close() }
        try eventually("\(statuses.all)", timeout: 5, poll: 0.005) {
            statuses.all.contains(.reconnecting(attempt: 3, retryIn: 2))
        }
        XCTAssertEqual(Array(statuses.all.filter { if case .reconnecting = $0 { true } else { false } }.prefix(3)), [
            .reconnecting(attempt: 1, retryIn: 0.5), .reconnecting(attempt: 2, retryIn: 1),
            .reconnecting(attempt: 3, retryIn: 2),
        ])
    }

    func testCloseDuringAConnectReturnsPromptly() throws {
        let silent = ListeningSocket()
        let session = SourcePlayer(source: "http://127.0.0.1:\(silent.port)/stalls.ts",
                                      options: PlaybackOptions(liveness: .live, openTimeout: 30, ioTimeout: 30))
        XCTAssertTrue(silent.waitForClient(timeout: 5), "the session connects")
        XCTAssertEqual(session.status, .connecting)
        let started = Date()
        session.close()
        let took = Date().timeIntervalSince(started)
        XCTAssertLessThan(took, 0.3, "close took \(took) s")
        try eventually("the worker thread ended", timeout: 2, poll: 0.005) { !session.isWorking }
    }

    func testStalledServerTimesOutIntoFailure() throws {
        let silent = ListeningSocket()
        let session = SourcePlayer(source: "http://127.0.0.1:\(silent.port)/stalls.ts",
                                      options: PlaybackOptions(openTimeout: 0.5, ioTimeout: 0.5))
        defer { session.close() }
        try eventually("session.status.isFinal", timeout: 3, poll: 0.005) { session.status.isFinal }
        guard case .failed(.openFailed(let reason)) = session.status else { return XCTFail("\(session.status)") }
        XCTAssertFalse(reason.isEmpty)
    }
}

/// Status changes collected from the worker thread.
final class StatusLog: @unchecked Sendable {
    private let lock = NSLock()
    private var statuses: [PlaybackStatus] = []

    func append(_ status: PlaybackStatus) {
        lock.lock()
        statuses.append(status)
        lock.unlock()
    }

    var all: [PlaybackStatus] {
        lock.lock()
        defer { lock.unlock() }
        return statuses
    }
}
