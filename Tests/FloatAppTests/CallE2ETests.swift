import Foundation
import LiveServerTestSupport
import Rooms
import TestSupport
import XCTest

/// W10 on a real nginx-rtmp: two FloatApps (Ada and Bob, `lavfi:` cameras and microphones)
/// join one call and see each other's moving tile; a third participant published by the
/// `ffmpeg` CLI joins and is killed with `kill -9`; Ada mutes and turns her camera off and Bob
/// sees it; the server is killed and restarted and the call resumes; Ada leaves.
final class CallE2ETests: DesktopTestCase {
    private func roomsFile(_ nginx: NginxServer, name: String, camera: String, microphone: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("rooms-\(name).json")
        let text = """
            {"me": {"name": "\(name)", "camera": "\(camera)", "microphone": "\(microphone)"},
             "servers": [{"id": "local", "title": "Local server", "stats": "\(nginx.statsURL)",
                          "play": "\(nginx.rtmpURL("{stream}"))", "calls": "\(nginx.callsTemplate)"}],
             "rooms": [{"id": "standup", "title": "Stand-up", "kind": "call", "server": "local"}]}
            """
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// The time (on the test's clock) of `app`'s first `call_people` event after `since` whose
    /// `field` (joined or left) names `name`.
    private func people(_ app: LiveServerApp, _ field: String, _ name: String, after since: Double) -> Double? {
        app.stats.events(named: "call_people", matching: ["room": "standup"]).lazy.filter { event in
            (event.fields[field] ?? "").split(separator: "\n").contains { String($0) == name }
        }.compactMap { app.stats.monotonicTime(of: $0) }.first { $0 > since }
    }

    /// Pictures of the tile of the participant at `source` that `app` showed after `since`, with distinct times.
    private func tilePictures(_ app: LiveServerApp, source: Int, after since: Double) -> Int {
        let events = app.stats.events(named: "tile_frame", matching: ["room": "standup", "source": String(source)])
            .filter { (app.stats.monotonicTime(of: $0) ?? 0) > since && $0.fields["still"] == "0" }
        return Set(events.compactMap { $0.fields["pts"] }).count
    }

    /// Float pictures of the call `app` presented after `since`.
    private func floatPictures(_ app: LiveServerApp, after since: Double) -> Int {
        app.stats.events(named: "frame", matching: ["window": "float", "room": "standup"])
            .filter { (app.stats.monotonicTime(of: $0) ?? 0) > since }.count
    }

    func testTwoAppsAndACommandLineParticipantHoldACallThroughMuteCameraKillRestartAndLeave() throws {
        let started = monotonicNow()
        let nginx = try NginxServer()
        try nginx.start()
        let desktop = try startDesktop()
        let ada = try LiveServerApp("ada", roomsFile: roomsFile(nginx, name: "Ada Lovelace",
                                                                camera: "lavfi:testsrc2=size=640x360:rate=15",
                                                                microphone: "lavfi:sine=f=440:sample_rate=48000", in: desktop.workFolder),
                                    arguments: ["--open", "standup"], on: desktop) { try launchApp($0, on: desktop) }
        let bob = try LiveServerApp("bob", roomsFile: roomsFile(nginx, name: "李小龙",
                                                                camera: "lavfi:smptebars=size=640x360:rate=15",
                                                                microphone: "lavfi:sine=f=660:sample_rate=48000", in: desktop.workFolder),
                                    arguments: ["--open", "standup"], on: desktop) { try launchApp($0, on: desktop) }

        // Each sees the other, never itself, and the other's tile moves.
        _ = try eventuallyValue("Bob sees Ada\nbob: \(bob.summary())", timeout: 15) { people(bob, "joined", "Ada Lovelace", after: 0) }
        _ = try eventuallyValue("Ada sees Bob\nada: \(ada.summary())", timeout: 15) { people(ada, "joined", "李小龙", after: 0) }
        XCTAssertNil(people(ada, "joined", "Ada Lovelace", after: 0), "Ada never plays herself")
        XCTAssertNil(people(bob, "joined", "李小龙", after: 0), "Bob never plays himself")
        try eventually("each sees the other's tile move\nada: \(ada.summary())\nbob: \(bob.summary())", timeout: 15) {
            tilePictures(ada, source: 0, after: 0) >= 10 && tilePictures(bob, source: 0, after: 0) >= 10
        }
        XCTAssertEqual(Set(try nginx.publishedStreams()), ["standup~Ada_20_Lovelace", "standup~_674e__5c0f__9f99_"])
        try desktop.focus(bob.mainWindow)
        try desktop.screenshot("call-bob")

        // A participant from the ffmpeg CLI joins both; killed with kill -9, it is gone within 3 s.
        let grace = try FFmpegPublisher(url: CallURLTemplate(nginx.callsTemplate).url(room: "standup", participant: "Grace"))
        _ = try eventuallyValue("Bob sees Grace join\nbob: \(bob.summary())", timeout: 10) { people(bob, "joined", "Grace", after: 0) }
        _ = try eventuallyValue("Ada sees Grace join\nada: \(ada.summary())", timeout: 10) { people(ada, "joined", "Grace", after: 0) }
        let killed = monotonicNow()
        grace.kill()
        for app in [ada, bob] {
            let gone = try eventuallyValue("Grace leaves\n\(app.summary())", timeout: 6) { people(app, "left", "Grace", after: killed) }
            print("kill -9: Grace gone \(String(format: "%.2f", gone - killed)) s after")
            XCTAssertLessThan(gone - killed, 3, "a killed participant is gone within 3 s")
        }

        // Ada mutes her microphone and turns her camera off: Bob sees the marker, then her name.
        try ada.press(.m)
        try bob.waitFor("remote_state", ["name": "Ada Lovelace", "muted": "1", "camera_off": "0"], timeout: 5)
        try ada.press(.character("v"))
        try bob.waitFor("remote_state", ["name": "Ada Lovelace", "muted": "1", "camera_off": "1"], timeout: 5)
        try desktop.focus(bob.mainWindow)
        try desktop.screenshot("call-bob-sees-ada-muted-camera-off")
        try ada.press(.m)
        try bob.waitFor("remote_state", ["name": "Ada Lovelace", "muted": "0", "camera_off": "1"], timeout: 5)

        // Bob floats the call: the float shows Ada.
        try bob.press(.p)
        try eventually("Bob's float shows frames\nbob: \(bob.summary())", timeout: 10) {
            bob.floatFrames(of: "standup") > 10
        }
        try desktop.screenshot("call-bob-float")

        // The server dies: both tiles reconnect; it comes back: sending and receiving resume by themselves.
        let crash = monotonicNow()
        nginx.kill()
        try eventually("Ada's tile of Bob reconnects\nada: \(ada.summary())", timeout: 10) {
            ada.stats.events(named: "status", matching: ["room": "standup"]).contains { event in
                event.fields["status"]?.hasPrefix("reconnecting") == true && (ada.stats.monotonicTime(of: event) ?? 0) > crash
            }
        }
        try nginx.start()
        let back = monotonicNow()
        for app in [ada, bob] {
            _ = try eventuallyValue("sending again\n\(app.summary())", timeout: 15) { () -> Double? in
                app.stats.events(named: "call", matching: ["room": "standup", "phase": "sending-live"])
                    .compactMap { app.stats.monotonicTime(of: $0) }.first { $0 > back }
            }
            // Bob's call is in his float, Ada's in her main window.
            try eventually("the other moves again\n\(app.summary())", timeout: 15) {
                app === bob ? floatPictures(bob, after: back) >= 10 : tilePictures(app, source: 0, after: back) >= 10
            }
        }
        print("server restart: both sending and receiving again \(String(format: "%.2f", monotonicNow() - back)) s after")

        // Ada leaves: she is gone from Bob within 2 s, and from the server.
        try ada.press(.escape)
        let left = try ada.waitFor("call", ["room": "standup", "phase": "left"], timeout: 5)
        let leftAt = ada.stats.monotonicTime(of: left[0]) ?? monotonicNow()
        let gone = try eventuallyValue("Bob sees Ada leave\nbob: \(bob.summary())", timeout: 5) { people(bob, "left", "Ada Lovelace", after: leftAt) }
        print("leave: Ada gone from Bob \(String(format: "%.2f", gone - leftAt)) s after")
        XCTAssertLessThan(gone - leftAt, 2, "a leaver is gone within 2 s")
        XCTAssertEqual(try nginx.publishedStreams(), ["standup~_674e__5c0f__9f99_"])
        XCTAssertTrue(ada.app.isRunning && bob.app.isRunning)
        print("call end to end: \(String(format: "%.1f", monotonicNow() - started)) s")
    }
}
