import EngineTerms
import FFmpeg
import Foundation
import Playback
import TestSupport
import XCTest

/// Damaged media in every container the app meets (MP4, MPEG-TS, Matroska, FLV): bit flips at
/// 0.1, 1 and 5 %, truncation, a zeroed header, garbage and an empty file, each played through
/// Playback in real time to its end. None may crash or hang; each ends within its duration plus
/// 3 s; and the picture never stands still for more than 500 ms while the status says Playing
/// and the stream's own timestamps go on (a gap in the timestamps is lost content, not a freeze).
final class MediaCorruptionTests: XCTestCase {
    static let seconds = 3.0
    static let containers = ["mp4", "ts", "mkv", "flv"]
    /// The longest the picture may stand still unreported.
    static let freezeLimit = 0.5

    /// How one damaged file played.
    struct Outcome: CustomStringConvertible {
        let name: String
        var status: PlaybackStatus = .connecting
        var wall = 0.0
        var frames = 0
        /// The longest unreported freeze: seconds, and the frame time where it started.
        var freeze = 0.0
        var freezeAt = 0.0

        var description: String {
            "\(name): \(status) after \(String(format: "%.2f", wall)) s, \(frames) frames, "
                + "longest unreported freeze \(String(format: "%.2f", freeze)) s at pts \(String(format: "%.2f", freezeAt))"
        }
    }

    func testDamagedMediaPlaysToItsEndWithoutCrashHangOrHiddenFreeze() throws {
        let seed = ProcessInfo.processInfo.environment["FLOATAPP_SEED"].flatMap { UInt64($0) }
            ?? UInt64.random(in: 0...UInt64.max)
        print("media corruption: FLOATAPP_SEED=\(seed)")
        var random = SeededRandom(seed: seed)
        let media = try TestMedia()
        for container in Self.containers {
            let clean = try [UInt8](Data(contentsOf: URL(fileURLWithPath: try make(container, in: media))))
            var files: [String] = []
            for (label, bytes) in Self.corruptions(of: clean, using: &random) {
                let path = media.path("\(label).\(container)")
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                files.append(path)
            }
            for outcome in play(files) {
                print("media corruption: \(outcome)")
                XCTAssertTrue(outcome.status.isFinal, "\(outcome) (hung)")
                XCTAssertLessThanOrEqual(outcome.wall, Self.seconds + 3, "\(outcome)")
                XCTAssertLessThanOrEqual(outcome.freeze, Self.freezeLimit, "\(outcome)")
            }
        }
    }

    /// A clean H.264 + AAC file of `seconds` in `container`.
    private func make(_ container: String, in media: TestMedia) throws -> String {
        try media.ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=\(Self.seconds)",
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=\(Self.seconds)",
            "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-pix_fmt", "yuv420p",
            "-c:a", "aac", "-b:a", "64k", "-shortest", media.path("clean.\(container)"),
        ])
    }

    /// The damaged variants of `clean`, each with a label.
    static func corruptions(of clean: [UInt8], using random: inout SeededRandom) -> [(String, [UInt8])] {
        var result: [(String, [UInt8])] = []
        for percent in [0.1, 1, 5] {
            var bytes = clean
            let flips = max(1, Int(Double(bytes.count) * percent / 100))
            for _ in 0..<flips {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= 1 << UInt8.random(in: 0...7, using: &random)
            }
            result.append(("flipped-\(percent)pct", bytes))
        }
        result.append(("truncated", Array(clean.prefix(Int.random(in: 1..<clean.count, using: &random)))))
        var zeroed = clean
        for index in 0..<min(4096, zeroed.count) { zeroed[index] = 0 }
        result.append(("zeroed-header", zeroed))
        result.append(("garbage", (0..<clean.count).map { _ in UInt8.random(in: 0...255, using: &random) }))
        result.append(("empty", []))
        return result
    }

    /// Plays `paths` side by side in real time through one mixer until each ends, fails, or has
    /// run for its duration plus 3 s, watching every picture for unreported freezes.
    private func play(_ paths: [String]) -> [Outcome] {
        let mixer = AudioMixer()
        let sessions = paths.map { SourcePlayer(source: $0) }
        defer { SourcePlayer.close(sessions) }
        sessions.forEach(mixer.add)
        var outcomes = paths.map { Outcome(name: URL(fileURLWithPath: $0).lastPathComponent) }
        var watchers = sessions.map { _ in FreezeWatcher(limit: Self.freezeLimit) }
        let start = Date()
        let device = FakeAudioDevice(mixer: mixer, chunkFrames: 480, speed: 1)
        _ = device.run(timeout: Self.seconds + 3.5, afterChunk: {
            let now = Date().timeIntervalSince(start)
            for (index, session) in sessions.enumerated() where !outcomes[index].status.isFinal {
                let status = session.status
                outcomes[index].status = status
                outcomes[index].wall = now
                watchers[index].observe(frame: session.takeFrame(), status: status, at: now)
                outcomes[index].frames = watchers[index].frames
                (outcomes[index].freeze, outcomes[index].freezeAt) = (watchers[index].longest, watchers[index].longestAt)
            }
        }, until: { outcomes.allSatisfy { $0.status.isFinal } })
        return outcomes
    }
}

/// Follows one session's pictures: how long the picture stood still while the status said
/// Playing, less the time the stream's timestamps skip over (lost content is not a stall).
struct FreezeWatcher {
    let limit: Double
    private(set) var frames = 0
    private(set) var longest = 0.0
    private(set) var longestAt = 0.0
    private var lastSerial: Int?
    private var shownAt = 0.0
    private var shownPts = 0.0
    /// Since when the status has said Playing without a break (nil when it does not).
    private var playingSince: Double?

    init(limit: Double) { self.limit = limit }

    /// Starts measuring the longest freeze afresh (a freeze under way counts from its start).
    mutating func resetLongest() {
        longest = 0
        longestAt = 0
    }

    mutating func observe(frame: VideoFrame?, status: PlaybackStatus, at now: Double) {
        if status == .playing {
            if playingSince == nil { playingSince = now }
        } else {
            playingSince = nil
        }
        guard let frame, frame.serial != lastSerial else { return }
        if lastSerial != nil, let since = playingSince {
            let still = now - max(shownAt, since)
            let unexplained = still - max(0, frame.pts - shownPts)
            if unexplained > longest {
                longest = unexplained
                longestAt = shownPts
            }
        }
        lastSerial = frame.serial
        frames += 1
        shownAt = now
        shownPts = frame.pts
    }
}
