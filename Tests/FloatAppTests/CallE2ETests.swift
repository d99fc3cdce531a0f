import CX11
import Foundation
import LiveServerTestSupport
import PiPLayout
import Rooms
import TestSupport
import XCTest

/// W10 on a real nginx-rtmp, one call run through: three FloatApps (Ada, 李小龙 and Grace, each
/// with a `lavfi:` camera and a microphone that beeps in its own two seconds of every six on the
/// wall clock) join one call. Each sees the other two move and its own self view, and the active
/// speaker follows who beeps. A second 李小龙 (the `ffmpeg` CLI, no join tag) joins and is killed
/// with `kill -9`. Ada mutes (her stream at the server turns silent, as `ffmpeg`'s volumedetect
/// hears it; 李小龙 sees her marker) and turns her camera off (he sees her name); 李小龙 floats
/// the call (the float follows the speaker); the server is killed and restarted and all three
/// resume; Ada leaves (gone from the others within 2 s and from the server); Leave in 李小龙's
/// float hangs up.
final class CallE2ETests: DesktopTestCase {
    /// A participant: name, camera, and the start of its beep in each six seconds of the wall clock.
    private struct Person {
        let name: String
        let camera: String
        let frequency: Int
        let slot: Double
        var microphone: String {
            "lavfi:sine=f=\(frequency):sample_rate=48000,volume='if(between(mod(time(0),6),\(Int(slot)),\(Int(slot) + 2)),1,0)':eval=frame"
        }
    }

    private let ada = Person(name: "Ada Lovelace", camera: "lavfi:testsrc2=size=640x360:rate=15", frequency: 440, slot: 0)
    private let bruce = Person(name: "李小龙", camera: "lavfi:testsrc2=size=640x360:rate=15,hue=h=120", frequency: 660, slot: 2)
    private let grace = Person(name: "Grace Hopper", camera: "lavfi:testsrc=size=640x360:rate=15", frequency: 880, slot: 4)
    /// The wall clock minus the monotonic clock the stats files use, in seconds.
    private let wallOffset = Date().timeIntervalSince1970 - monotonicNow()

    private func roomsFile(_ nginx: NginxServer, _ person: Person, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("rooms-\(Int(person.slot)).json")
        let me = try JSONSerialization.data(withJSONObject: ["name": person.name, "camera": person.camera, "microphone": person.microphone])
        let text = """
            {"me": \(String(decoding: me, as: UTF8.self)),
             "servers": [{"id": "local", "title": "Local server", "stats": "\(nginx.statsURL)",
                          "play": "\(nginx.rtmpURL("{stream}"))", "calls": "\(nginx.callsTemplate)"}],
             "rooms": [{"id": "standup", "title": "Stand-up", "kind": "call", "server": "local"}]}
            """
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// The times (on the test's clock) of `app`'s `call_people` events after `since` whose
    /// `field` (joined or left) names `name`, once per naming.
    private func people(_ app: LiveServerApp, _ field: String, _ name: String, after since: Double) -> [Double] {
        app.stats.events(named: "call_people", matching: ["room": "standup"], after: since).flatMap { event, time in
            (event.fields[field] ?? "").split(separator: "\n").filter { String($0) == name }.map { _ in time }
        }
    }

    /// Pictures of the tile at `source` that `app` showed after `since`, with distinct times.
    private func tilePictures(_ app: LiveServerApp, source: Int, after since: Double) -> Int {
        let events = app.stats.events(named: "tile_frame", matching: ["room": "standup", "source": String(source), "still": "0"], after: since)
        return Set(events.compactMap { $0.event.fields["pts"] }).count
    }

    /// Float pictures of the call `app` presented after `since`.
    private func floatPictures(_ app: LiveServerApp, after since: Double) -> Int {
        app.stats.events(named: "frame", matching: ["window": "float", "room": "standup"], after: since).count
    }

    /// The published stream of `person` (its name with this join's tag).
    private func stream(of person: Person, on nginx: NginxServer) throws -> String? {
        try nginx.publishedStreams().first { $0.hasPrefix("standup~" + ParticipantName.encode(person.name) + "-") }
    }

    /// Where `app`'s self view is in its main window of `frame` (AppState's layout at 1x: a
    /// fifth of the width, 96 to 240 px, 12 px from the side, 8 px above the 64 px control bar).
    private func selfView(in frame: DesktopRect) -> DesktopRect {
        let width = max(96, min(240, frame.width / 5)), height = width * 9 / 16
        return DesktopRect(x: frame.x + frame.width - 12 - width, y: frame.y + frame.height - 64 - 8 - height, width: width, height: height)
    }

    func testThreeAppsHoldACallThroughSpeakersMuteCameraFloatServerRestartAndLeave() throws {
        let started = monotonicNow()
        let nginx = try NginxServer()
        try nginx.start()
        let desktop = try startDesktop()
        let everyone = [ada, bruce, grace]
        let apps = try everyone.map { person in
            try LiveServerApp(person.name, roomsFile: roomsFile(nginx, person, in: desktop.workFolder),
                              arguments: ["--open", "standup"], on: desktop) { try launchApp($0, on: desktop) }
        }
        let (a, b, c) = (apps[0], apps[1], apps[2])

        // Each sees the two others (never itself), their tiles move, and its own self view moves.
        for (app, person) in zip(apps, everyone) {
            for other in everyone where other.name != person.name {
                _ = try eventuallyValue("\(person.name) sees \(other.name)\n\(app.summary())", timeout: 20, poll: 0.2) {
                    people(app, "joined", other.name, after: 0).first
                }
            }
            XCTAssertEqual(people(app, "joined", person.name, after: 0), [], "\(person.name) never plays themself")
        }
        for app in apps {
            try eventually("both others' tiles move\n\(app.summary())", timeout: 15, poll: 0.2) {
                tilePictures(app, source: 0, after: 0) >= 10 && tilePictures(app, source: 1, after: 0) >= 10
            }
        }
        print("joined: all three see each other \(String(format: "%.1f", monotonicNow() - started)) s after the start")
        for (app, person) in zip(apps, everyone) {
            try desktop.focus(app.mainWindow)
            let frame = try XCTUnwrap(desktop.geometry(of: app.mainWindow))
            let view = selfView(in: frame)
            try eventually("\(person.name)'s self view at \(view) shows a moving picture", timeout: 5, poll: 0.2) {
                let first = try desktop.grab(view)
                Thread.sleep(forTimeInterval: 0.3)
                let second = try desktop.grab(view)
                return !first.isMostlyBlack() && first.meanAbsoluteDifference(to: second) > 1
            }
            try desktop.screenshot("call-\(Int(person.slot))-\(ParticipantName.encode(person.name))")
        }

        // Ada's sound at the server over one whole cycle, pulled while the speakers are checked.
        let streams = try nginx.publishedStreams()
        let adaStream = try XCTUnwrap(try stream(of: ada, on: nginx), "\(streams)")
        let before = try VolumePull(url: "rtmp://127.0.0.1:\(nginx.rtmpPort)/call/\(adaStream)")

        // The active speaker follows who beeps: each app names each other person, in their slot.
        let speakersFrom = monotonicNow()
        for (app, person) in zip(apps, everyone) {
            for other in everyone where other.name != person.name {
                let shown = try eventuallyValue("\(person.name) shows \(other.name) speaking\n\(app.summary())", timeout: 15, poll: 0.2) {
                    app.stats.events(named: "speaker", matching: ["room": "standup", "name": other.name], after: speakersFrom).first?.time
                }
                let wall = shown + wallOffset
                let intoSlot = (wall - other.slot).truncatingRemainder(dividingBy: 6)
                print("speaker: \(person.name) shows \(other.name) \(String(format: "%.2f", intoSlot)) s into their beep")
                XCTAssertLessThan(intoSlot, 3.2, "\(other.name) is shown speaking during their beep (2 s), not someone else's")
            }
        }

        // A second 李小龙 (no join tag) joins: Ada shows both; killed with kill -9, it is gone within 3 s.
        let twin = try FFmpegPublisher(url: CallURLTemplate(nginx.callsTemplate).url(room: "standup", participant: bruce.name), audio: false)
        // Both watchers must have seen the twin join before it is killed: Grace's list is read once
        // a second, and a twin that came and went between two reads never left her call.
        for (app, name) in [(a, "Ada"), (c, "Grace")] {
            try eventually("\(name) shows two of \(bruce.name)\n\(app.summary())", timeout: 10, poll: 0.2) {
                people(app, "joined", bruce.name, after: 0).count == 2
            }
        }
        let killed = monotonicNow()
        twin.kill()
        for app in [a, c] {
            let gone = try eventuallyValue("the twin leaves\n\(app.summary())", timeout: 6, poll: 0.1) {
                people(app, "left", bruce.name, after: killed).first
            }
            print("kill -9: the twin gone \(String(format: "%.2f", gone - killed)) s after")
            XCTAssertLessThan(gone - killed, 3, "a killed participant is gone within 3 s")
        }
        XCTAssertNotNil(try stream(of: bruce, on: nginx), "the other 李小龙 stays")

        // Ada mutes: her stream turns silent at the server, and 李小龙 shows her muted.
        let loud = try before.maxVolume()
        print("Ada's stream before muting: max \(loud) dB")
        XCTAssertGreaterThan(loud, -30, "Ada's beep reaches the server")
        try a.press(.m)
        try b.waitFor("remote_state", ["name": ada.name, "muted": "1", "camera_off": "0"], timeout: 5)
        let muted = try VolumePull(url: "rtmp://127.0.0.1:\(nginx.rtmpPort)/call/\(adaStream)")

        // Ada turns her camera off: 李小龙 shows her name.
        try a.press(.character("v"))
        try b.waitFor("remote_state", ["name": ada.name, "muted": "1", "camera_off": "1"], timeout: 5)
        try desktop.focus(b.mainWindow)
        try desktop.screenshot("call-bruce-sees-ada-muted-camera-off")

        // 李小龙 floats the call: the float follows the speaker (Grace beeps; muted Ada cannot).
        let floated = monotonicNow()
        try b.press(.p)
        try eventually("李小龙's float shows frames\n\(b.summary())", timeout: 10, poll: 0.2) { floatPictures(b, after: floated) > 10 }
        try b.waitFor("float_speaker", ["room": "standup", "name": grace.name, "muted": "0"], timeout: 10)
        XCTAssertTrue(b.stats.events(named: "float_speaker", matching: ["name": ada.name]).allSatisfy { $0.fields["muted"] == "1" },
                      "muted Ada, when in the float, carries her marker")
        let float = try desktop.waitForWindow(.title("Stand-up - PiP"), timeout: 5)
        try desktop.screenshot("call-bruce-float")

        let silent = try muted.maxVolume()
        print("Ada's stream muted: max \(silent) dB")
        XCTAssertLessThan(silent, -80, "a muted microphone sends silence")

        // The server dies: tiles reconnect; it comes back: all three send and receive again by themselves.
        let crash = monotonicNow()
        nginx.kill()
        try eventually("Ada's tiles reconnect\n\(a.summary())", timeout: 10, poll: 0.2) {
            a.stats.events(named: "status", matching: ["room": "standup"], after: crash).contains { event, _ in
                event.fields["status"]?.hasPrefix("reconnecting") == true
            }
        }
        try nginx.start()
        let back = monotonicNow()
        for app in apps {
            try eventually("sending again\n\(app.summary())", timeout: 15, poll: 0.2) {
                !app.stats.events(named: "call", matching: ["room": "standup", "phase": "sending-live"], after: back).isEmpty
            }
            // 李小龙's call is in his float, the others' in their main windows.
            try eventually("the others move again\n\(app.summary())", timeout: 15, poll: 0.2) {
                app === b ? floatPictures(b, after: back) >= 10
                    : tilePictures(app, source: 0, after: back) >= 10 && tilePictures(app, source: 1, after: back) >= 10
            }
        }
        print("server restart: all three sending and receiving again \(String(format: "%.2f", monotonicNow() - back)) s after")

        // Ada leaves: gone from 李小龙 and Grace within 2 s, and from the server.
        try a.press(.escape)
        let left = try a.waitFor("call", ["room": "standup", "phase": "left"], timeout: 5)
        let leftAt = a.stats.monotonicTime(of: left[0]) ?? monotonicNow()
        for app in [b, c] {
            let gone = try eventuallyValue("Ada leaves\n\(app.summary())", timeout: 5, poll: 0.1) { people(app, "left", ada.name, after: leftAt).first }
            print("leave: Ada gone \(String(format: "%.2f", gone - leftAt)) s after")
            XCTAssertLessThan(gone - leftAt, 2, "a leaver is gone within 2 s")
        }
        XCTAssertNil(try stream(of: ada, on: nginx))

        // Leave in 李小龙's float hangs up: his stream ends and the float goes.
        let frame = try XCTUnwrap(desktop.geometry(of: float))
        let layout = FloatControlsLayout(kind: .call, size: Size(width: Double(frame.width), height: Double(frame.height)), scale: 1)
        let leave = try XCTUnwrap(layout.rect(of: .leave))
        let point = DesktopPoint(x: frame.x + Int(leave.midX), y: frame.y + Int(leave.midY))
        desktop.moveMouse(to: DesktopPoint(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2))
        desktop.moveMouse(to: point)
        try eventually("Leave shows in the float", timeout: 3, poll: 0.1) {
            try desktop.grab(DesktopRect(x: point.x - 4, y: point.y - 4, width: 8, height: 8))
                .fraction(matching: RGB(red: 0xf0, green: 0x5a, blue: 0x5a), tolerance: 40) > 0.3
        }
        desktop.click()
        try b.waitFor("call", ["room": "standup", "phase": "left"], timeout: 5)
        try desktop.waitUntilGone(.titleSuffix(" - PiP"), timeout: 5)
        try eventually("李小龙's stream ends at the server", timeout: 5, poll: 0.2) { try stream(of: bruce, on: nginx) == nil }
        XCTAssertNotNil(try stream(of: grace, on: nginx), "Grace is still in the call")
        XCTAssertTrue(apps.allSatisfy(\.app.isRunning))
        print("call end to end: \(String(format: "%.1f", monotonicNow() - started)) s")
    }
}

/// `ffmpeg` pulling a stream from the server for one six-second beep cycle and more, measuring
/// its sound with volumedetect.
private final class VolumePull {
    private let process: ChildProcess
    private let folder: URL

    init(url: String) throws {
        folder = try TestPaths.makeTemporaryFolder(prefix: "floatapp-volume")
        process = try ChildProcess(
            executable: "/usr/bin/ffmpeg",
            arguments: ["-hide_banner", "-nostats", "-nostdin", "-rw_timeout", "5000000", "-i", url, "-vn", "-t", "6.5",
                        "-af", "volumedetect", "-f", "null", "-"],
            stderrURL: folder.appendingPathComponent("ffmpeg.stderr"))
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// The pulled sound's loudest sample in dBFS (-91 is digital silence), once the pull ends
    /// (it is stopped after 15 s).
    func maxVolume() throws -> Double {
        if process.waitForExit(timeout: 15) == nil {
            process.send(SIGINT)
            _ = process.waitForExit(timeout: 5)
        }
        process.terminate()
        let output = (try? String(contentsOf: process.stderrURL, encoding: .utf8)) ?? ""
        guard let line = output.split(separator: "\n").first(where: { $0.contains("max_volume:") }),
              let value = line.split(separator: " ").dropLast().last.flatMap({ Double($0) }) else {
            throw HarnessError("no volumedetect result from ffmpeg:\n\(output.suffix(800))")
        }
        return value
    }
}
