import EngineTerms
import Foundation
import PiPLayout
import Playback
import TestSupport
import XCTest

/// Live sources that fail the way networks do: the server killed, stalled (connections open,
/// nothing sent), trickling at 1 KB/s, refusing connections, each five times and then back.
/// Each time the status tells the truth (Buffering, or Reconnecting n with D4's next try),
/// frames come back within 1 s of the source plus the pending backoff, and the session's
/// threads and descriptors return to their level.
final class FaultInjectionTests: XCTestCase {
    static let cycles = 5
    /// How long each fault lasts.
    static let faultSeconds = 2.5
    /// The longest the picture may stand still while the status says Playing: the last queued
    /// frames play out, and then the session must say it is waiting.
    static let freezeLimit = 1.0

    func testKilledFFmpegServerIsReportedAndPlaybackReturns() throws {
        let server = LiveHTTPServer(port: freeLocalPort())
        try server.start()
        defer { server.kill() }
        try runCycles(url: server.url, name: "ffmpeg killed", extra: { (0, 0) }, fault: { server.kill() }, recover: {
            try server.start()
            try eventually("ffmpeg listens again (or has taken the player)", timeout: 10, poll: 0.005) { localPortServes(server.port) }
        })
    }

    func testStalledServerIsReportedAndPlaybackReturns() throws {
        let server = try pacedServer()
        defer { server.mode = .down }
        try runCycles(url: server.url, name: "stalled", extra: { (server.runningThreads, server.openDescriptors) },
                      fault: { server.mode = .stalled }, recover: { server.mode = .normal })
    }

    func testTricklingServerIsReportedAndPlaybackReturns() throws {
        let server = try pacedServer()
        defer { server.mode = .down }
        try runCycles(url: server.url, name: "trickling", extra: { (server.runningThreads, server.openDescriptors) },
                      fault: { server.mode = .trickling }, recover: { server.mode = .normal })
    }

    func testRefusingServerIsReportedAndPlaybackReturns() throws {
        let server = try pacedServer()
        defer { server.mode = .down }
        try runCycles(url: server.url, name: "down", extra: { (server.runningThreads, server.openDescriptors) },
                      fault: { server.mode = .down }, recover: { server.mode = .normal })
    }

    /// A paced server of a 90 s constant-rate TS (500 kbit/s), already serving.
    private func pacedServer() throws -> PacedHTTPServer {
        let media = try TestMedia()
        let path = try media.ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=90",
            "-f", "lavfi", "-i", "sine=f=500:sample_rate=48000:duration=90",
            "-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-g", "12",
            "-b:v", "300k", "-maxrate", "300k", "-bufsize", "150k",
            "-c:a", "aac", "-b:a", "64k", "-f", "mpegts", "-muxrate", "500k", media.path("live.ts"),
        ])
        let server = PacedHTTPServer(file: try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))),
                                     bytesPerSecond: 500_000 / 8)
        server.mode = .normal
        return server
    }

    /// Plays `url` live; `cycles` times injects `fault`, checks the status says so, calls
    /// `recover` and checks frames return in time and resources are back to their level.
    /// `extra` is the threads and descriptors the test's own server holds in this process.
    private func runCycles(url: String, name: String, extra: @escaping () -> (threads: Int, fds: Int),
                           fault: () -> Void, recover: () throws -> Void) throws {
        let level = { () -> ProcessResources in ProcessResources.now().minus(extra()) }
        let idle = level()
        var watch: LiveWatch? = LiveWatch(url: url, freezeLimit: Self.freezeLimit)
        var playingLevel: ProcessResources?
        for cycle in 1...Self.cycles {
            let label = "\(name), cycle \(cycle)"
            try XCTUnwrap(watch).waitForFlowingFrames(timeout: 15, label)
            if let expected = playingLevel {
                try eventually("\(label): \(level()) while playing, first \(expected)", timeout: 3, poll: 0.005) {
                    level().isWithin(expected)
                }
            } else {
                playingLevel = level()
            }
            fault()
            let faultStart = Date()
            try XCTUnwrap(watch).play(for: Self.faultSeconds)
            let during = try XCTUnwrap(watch).statuses(since: faultStart)
            for case .reconnecting(let attempt, let next) in during {
                XCTAssertEqual(next, min(8, 0.5 * pow(2, Double(attempt - 1))), "\(label): D4's backoff for try \(attempt)")
            }
            try recover()
            let back = try XCTUnwrap(watch).secondsUntilNewFrames(timeout: 20)
            // The backoff pending when the source returned: the longest announced so far, as
            // each try's doubles the one before.
            let backoffs = try XCTUnwrap(watch).statuses(since: faultStart).compactMap { status -> Double? in
                if case .reconnecting(_, let next) = status { return next } else { return nil }
            }
            let bound = 1 + (backoffs.max() ?? 0)
            let freeze = try XCTUnwrap(watch).takeLongestFreeze()
            print("fault injection: \(label): statuses \(during.map(Self.short)); frames back after "
                + "\(String(format: "%.2f", back)) s (bound \(bound) s); longest unreported freeze \(String(format: "%.2f", freeze)) s")
            XCTAssertLessThanOrEqual(back, bound, "\(label): frames back after \(back) s")
            XCTAssertLessThanOrEqual(freeze, Self.freezeLimit, "\(label): the picture stood still \(freeze) s while the status said Playing")
        }
        print("fault injection: \(name): resources while playing \(playingLevel.map { "\($0)" } ?? "?"), before \(idle)")
        watch = nil
        try eventually("\(name): after close \(level()), before the session \(idle)", timeout: 5, poll: 0.005) {
            level().isWithin(idle)
        }
    }

    private static func short(_ status: PlaybackStatus) -> String {
        switch status {
        case .reconnecting(let attempt, let next): "Reconnecting \(attempt) (next try in \(next) s)"
        case .buffering(let percent): "Buffering \(percent.map { "\($0)%" } ?? "")"
        default: "\(status)"
        }
    }
}

/// Threads and open descriptors of this process, from /proc/self.
struct ProcessResources: Equatable, CustomStringConvertible {
    var threads: Int
    var fds: Int

    static func now() -> ProcessResources {
        let count = { (path: String) in ((try? FileManager.default.contentsOfDirectory(atPath: path))?.count ?? 0) }
        return ProcessResources(threads: count("/proc/self/task"), fds: count("/proc/self/fd") - 1)
    }

    func minus(_ extra: (threads: Int, fds: Int)) -> ProcessResources {
        ProcessResources(threads: threads - extra.threads, fds: fds - extra.fds)
    }

    /// True when neither count is above `level`'s: nothing leaked (the test runner's own
    /// threads come and go, so fewer is fine).
    func isWithin(_ level: ProcessResources) -> Bool {
        threads <= level.threads && fds <= level.fds
    }

    var description: String { "\(threads) threads, \(fds) fds" }
}

/// One live session played through a fake audio device, watched for frames and statuses.
final class LiveWatch {
    let session: SourcePlayer
    private let mixer = AudioMixer()
    private let device: FakeAudioDevice
    private var freezes: FreezeWatcher
    private var changes: [(Date, PlaybackStatus)] = []
    private var lastSerial: Int?
    private var lastNewFrame = Date.distantPast
    private let start = Date()

    init(url: String, freezeLimit: Double) {
        session = SourcePlayer(source: url, options: .live)
        freezes = FreezeWatcher(limit: freezeLimit)
        mixer.add(session)
        device = FakeAudioDevice(mixer: mixer, chunkFrames: 480, speed: 1)
    }

    deinit {
        mixer.remove(session)
        session.close()
    }

    /// The longest unreported freeze since the last call.
    func takeLongestFreeze() -> Double {
        defer { freezes.resetLongest() }
        return freezes.longest
    }

    /// Status changes since `date`, in order.
    func statuses(since date: Date) -> [PlaybackStatus] {
        changes.filter { $0.0 >= date }.map(\.1)
    }

    private func step() {
        let status = session.status
        if changes.last?.1 != status { changes.append((Date(), status)) }
        let frame = session.takeFrame()
        freezes.observe(frame: frame, status: status, at: Date().timeIntervalSince(start))
        if let frame, frame.serial != lastSerial {
            lastSerial = frame.serial
            lastNewFrame = Date()
        }
    }

    func play(for seconds: Double) throws {
        _ = device.run(timeout: seconds, afterChunk: step, until: { false })
    }

    /// Plays until the status is Playing and a new frame came in the last 0.2 s.
    func waitForFlowingFrames(timeout: Double, _ label: String) throws {
        let flowing = device.run(timeout: timeout, afterChunk: step, until: {
            self.session.status == .playing && Date().timeIntervalSince(self.lastNewFrame) < 0.2
        })
        guard flowing else { throw FaultError("\(label): no frames within \(timeout) s; \(session.status), \(changes.suffix(8).map(\.1))") }
    }

    /// Seconds until a frame newer than the ones shown so far is shown with the status Playing.
    func secondsUntilNewFrames(timeout: Double) throws -> Double {
        let from = Date()
        let seen = lastSerial
        let back = device.run(timeout: timeout, afterChunk: step, until: {
            self.session.status == .playing && self.lastSerial != seen && self.lastNewFrame >= from
        })
        guard back else { throw FaultError("no frames \(timeout) s after the source returned; \(session.status)") }
        return lastNewFrame.timeIntervalSince(from)
    }
}

struct FaultError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
