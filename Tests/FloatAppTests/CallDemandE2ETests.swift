import Foundation
import TestSupport
import XCTest

/// A 16-person call from H.264 files served over local HTTP: in the float only the speaker's
/// video is decoded, the 15 others decode nothing (each holds its newest key frame); restored,
/// every tile has a picture within a second, all 16 move again within 2 s and no source is
/// opened twice.
final class CallDemandE2ETests: AppE2ETestCase {
    private static let count = 16

    /// Writes one 60 s 640x360 H.264 (a key frame a second) + AAC MPEG-TS and serves it under
    /// 16 names with `python3 -m http.server` on 127.0.0.1; returns the server and its port.
    private func serveParticipants(in folder: URL) throws -> (ChildProcess, Int) {
        let log = folder.appendingPathComponent("media.log")
        let partial = folder.appendingPathComponent("partial.ts")
        let ffmpeg = try ChildProcess(
            executable: "/usr/bin/ffmpeg",
            arguments: ["-nostdin", "-y", "-loglevel", "error",
                        "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30",
                        "-f", "lavfi", "-i", "sine=frequency=330:sample_rate=48000",
                        "-t", "60", "-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency",
                        "-g", "30", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "64k", "-f", "mpegts", partial.path],
            environment: ["PATH": "/usr/bin:/bin"], stdoutURL: log, stderrURL: log)
        guard ffmpeg.waitForExit(timeout: 120) == .exited(0) else {
            throw HarnessError("ffmpeg could not write the participants' video\n\(ffmpeg.outputTail())")
        }
        let served = folder.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        for i in 0..<Self.count {
            try FileManager.default.linkItem(at: partial, to: served.appendingPathComponent("p\(i).ts"))
        }
        let port = freeLocalPort()
        let serverLog = folder.appendingPathComponent("http.log")
        let server = try ChildProcess(
            executable: "/usr/bin/python3",
            arguments: ["-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", served.path],
            environment: ["PATH": "/usr/bin:/bin"], stdoutURL: serverLog, stderrURL: serverLog)
        try eventually("the HTTP server serves the participants", timeout: 10) {
            (try? Data(contentsOf: URL(string: "http://127.0.0.1:\(port)/p0.ts")!))?.isEmpty == false
        }
        return (server, port)
    }

    /// The newest `demand` event of each source, by source.
    private func demands(_ session: RunningApp, _ name: String) -> [Int: StatsEvent] {
        var out: [Int: StatsEvent] = [:]
        for e in session.stats.events(named: "demand", matching: ["room": "town", "demand": name]) {
            if let i = e.fields["source"].flatMap(Int.init) { out[i] = e }
        }
        return out
    }

    private func int(_ e: StatsEvent?, _ key: String) -> Int { e?.fields[key].flatMap(Int.init) ?? -1 }

    func testInTheFloatFifteenParticipantsDecodeNothingAndRestoredAllSixteenMoveWithin2s() throws {
        let media = try TestPaths.makeTemporaryFolder(prefix: "floatapp-call-demand")
        defer { try? FileManager.default.removeItem(at: media) }
        let (server, port) = try serveParticipants(in: media)
        defer { _ = server.terminate() }
        let room = RoomsFixture.Room.call("town", title: "Town hall", participants: (0..<Self.count).map {
            ("P\($0)", "http://127.0.0.1:\(port)/p\($0).ts")
        })
        let session = try startApp(rooms: [room], arguments: ["--open", "town"])
        try session.run {
            let desktop = session.desktop
            for i in 0..<Self.count {
                try session.waitForEvents("tile_frame", ["room": "town", "source": "\(i)", "still": "0"], timeout: 30)
            }
            try desktop.screenshot("1-grid")
            try session.focusMain()
            desktop.key(.p)
            let float = try session.waitForFloat(of: "Town hall")
            let hidden = try eventuallyValue("15 participants hidden in the float: \(session.summary())", timeout: 5) {
                () -> [Int: StatsEvent]? in
                let found = demands(session, "hidden")
                return found.count == Self.count - 1 ? found : nil
            }
            let speaker = try XCTUnwrap((0..<Self.count).first { hidden[$0] == nil })
            XCTAssertNotNil(demands(session, "full")[speaker], "the speaker is shown in full")
            // Four seconds of the speaker's video in the float: four key frames of everyone else held.
            let floatFrames = try session.waitForEvents("frame", ["window": "float", "room": "town"])
            let firstPts = try XCTUnwrap(floatFrames.first?.fields["pts"].flatMap(Double.init))
            try eventually("the float plays 4 s", timeout: 15) {
                let last = session.stats.events(named: "frame", matching: ["window": "float"]).last
                return (last?.fields["pts"].flatMap(Double.init) ?? 0) >= firstPts + 4
            }
            try desktop.screenshot("2-float")

            try desktop.focus(float)
            desktop.key(.escape)
            try session.waitUntilFloatIsGone()
            try desktop.screenshot("3-restored-at-once")
            let shown = try eventuallyValue("all 16 tiles shown again: \(session.summary())", timeout: 5) {
                () -> [Int: StatsEvent]? in
                let found = demands(session, "thumbnail")
                let restored = found.filter { i, e in e.time > (hidden[i]?.time ?? 0) }
                return restored.count >= Self.count - 1 ? restored : nil
            }
            for (i, before) in hidden {
                let after = try XCTUnwrap(shown[i], "P\(i) shown again")
                // Pictures in flight as the source was hidden may still come out.
                let decoded = int(after, "decoded") - int(before, "decoded")
                XCTAssertLessThanOrEqual(decoded, 2, "P\(i) decoded \(decoded) pictures while hidden")
                let first = session.stats.events(named: "tile_frame", matching: ["room": "town", "source": "\(i)"])
                    .first { $0.time >= after.time }
                XCTAssertLessThanOrEqual(first.map { $0.time - after.time } ?? .infinity, 1000,
                                         "P\(i)'s held key frame shown within a second of the restore")
            }
            let restoredAt = shown.values.map(\.time).max() ?? 0
            try eventually("all 16 tiles move within 2 s of the restore", timeout: 2.5) {
                (0..<Self.count).allSatisfy { i in
                    let live = session.stats.events(named: "tile_frame", matching: ["room": "town", "source": "\(i)", "still": "0"])
                        .filter { $0.time > restoredAt }
                    return Set(live.compactMap { $0.fields["pts"] }).count >= 2
                }
            }
            let moving = (0..<Self.count).compactMap { i in
                session.stats.events(named: "tile_frame", matching: ["room": "town", "source": "\(i)", "still": "0"])
                    .first { $0.time > restoredAt }.map { $0.time - restoredAt }
            }
            XCTAssertLessThanOrEqual(moving.max() ?? .infinity, 2000, "the last tile moved again after \(moving.max() ?? -1) ms")
            try desktop.screenshot("4-restored-live")
            for i in 0..<Self.count {
                XCTAssertEqual(session.stats.events(named: "source_open", matching: ["room": "town", "source": "\(i)"]).count, 1,
                               "P\(i)'s source was opened once")
            }
        }
    }
}
