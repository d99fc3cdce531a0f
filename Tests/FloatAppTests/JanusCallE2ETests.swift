import Foundation
import TestSupport
import XCTest

/// R8 end to end over WebRTC: two FloatApps (each with a moving `lavfi:` camera and a tone for a
/// microphone) join one VideoRoom of a real Janus, each publishing and subscribing through the
/// WebRTC engine, and each shows the other's moving picture in its call tile on the screen; one
/// mutes, then turns the camera off (the other's tile says so), stands still as if her network were
/// gone (her tile goes within 3 s and comes back); Janus restarts (Reconnecting, then the call
/// resumes by itself); then she leaves (gone within 2 s). A Janus that is not up when a call is
/// joined makes the call say Reconnecting until it is, then the call goes live by itself; ICE
/// that never connects is said in the call view within 10 s, and so is a camera that cannot open.
/// Runs inside `make test-web`'s network namespace (Janus's ICE on its veth alone).
final class JanusCallE2ETests: DesktopTestCase {
    private struct Person {
        let name: String
        let camera: String
        let tone: Int
    }

    private let ada = Person(name: "Ada", camera: "lavfi:testsrc2=size=640x360:rate=15", tone: 440)
    private let grace = Person(name: "Grace", camera: "lavfi:testsrc=size=640x360:rate=15", tone: 880)

    private func roomsFile(_ janus: JanusServer, _ person: Person, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("janus-call-\(person.name).json")
        let me = try JSONSerialization.data(withJSONObject: [
            "name": person.name, "camera": person.camera, "microphone": "lavfi:sine=f=\(person.tone):sample_rate=48000",
        ])
        let text = """
            {"me": \(String(decoding: me, as: UTF8.self)),
             "servers": [{"id": "sfu", "title": "Janus (WebRTC)", "janus": "\(janus.apiURL)"}],
             "rooms": [{"id": "weekly", "title": "Weekly call", "kind": "call", "server": "sfu", "videoroom": 1234}]}
            """
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// Pictures (distinct times, not stills) `app` showed in the tile of its first other.
    private func tilePictures(_ app: LiveServerApp) -> Int {
        let events = app.stats.events(named: "tile_frame", matching: ["room": "weekly", "source": "0", "still": "0"])
        return Set(events.compactMap { $0.fields["pts"] }).count
    }

    /// Waits until `app`'s tile of `person` says what they send, as changed from now on.
    private func awaitState(of person: Person, on app: LiveServerApp, muted: Bool, cameraOff: Bool) throws {
        let since = monotonicNow()
        let fields = ["name": person.name, "muted": muted ? "1" : "0", "camera_off": cameraOff ? "1" : "0"]
        try eventually("\(fields)\n\(app.summary())", timeout: 5, poll: 0.1) {
            !app.stats.events(named: "remote_state", matching: fields, after: since).isEmpty
        }
    }

    private func requireTestNetwork() throws {
        guard (try? String(contentsOfFile: "/proc/self/net/dev", encoding: .utf8))?.contains(" v0:") == true else {
            throw XCTSkip("WebRTC calls run inside their own network namespace: make test-web")
        }
    }

    /// A real browser in the call (Chromium, headless, its fake camera and microphone, on the
    /// project's janus.js page): it shows FloatApp's moving picture, and FloatApp's tile shows
    /// the browser's.
    func testBrowserAndAppSeeEachOther() throws {
        try requireTestNetwork()
        let janus = JanusServer(iceEnforce: "v0")
        try janus.start()
        let desktop = try startDesktop()
        let app = try LiveServerApp(ada.name, roomsFile: roomsFile(janus, ada, in: desktop.workFolder),
                                    arguments: ["--open", "weekly"], on: desktop) { try launchApp($0, on: desktop) }
        try app.waitFor("call", ["room": "weekly", "phase": "joined"], timeout: 15)
        let browser = try BrowserPage(api: janus.apiURL, room: 1234)
        let frames = try eventuallyValue("the browser shows FloatApp's picture\n\(browser.logs)", timeout: 20, poll: 0.2) {
            browser.number("width") > 0 && browser.number("height") > 0 ? browser.number("frames") : nil
        }
        try eventually("the browser's frames advance", timeout: 5, poll: 0.2) { browser.number("frames") >= frames + 10 }
        try eventually("FloatApp's tile of the browser moves\n\(app.summary())", timeout: 20, poll: 0.2) { tilePictures(app) >= 20 }
        try desktop.focus(app.mainWindow)
        _ = try desktop.screenshot("janus-call-Ada-sees-browser")
        _ = app.app.terminate()
    }

    func testTwoAppsSeeEachOthersMovingPictureThroughJanus() throws {
        try requireTestNetwork()
        let janus = JanusServer(iceEnforce: "v0")
        try janus.start()
        let desktop = try startDesktop()
        let people = [ada, grace]
        let apps = try people.map { person in
            try LiveServerApp(person.name, roomsFile: roomsFile(janus, person, in: desktop.workFolder),
                              arguments: ["--open", "weekly"], on: desktop) { try launchApp($0, on: desktop) }
        }
        for (app, person) in zip(apps, people) {
            let other = people.first { $0.name != person.name }!.name
            try app.waitFor("call", ["room": "weekly", "phase": "joined"], timeout: 15)
            try eventually("\(person.name) sees \(other)\n\(app.summary())", timeout: 20, poll: 0.2) {
                app.stats.events(named: "call_people", matching: ["room": "weekly"]).contains { event in
                    (event.fields["joined"] ?? "").split(separator: "\n").contains { String($0) == other }
                }
            }
        }
        for (app, person) in zip(apps, people) {
            try eventually("\(person.name)'s tile of the other moves\n\(app.summary())", timeout: 20, poll: 0.2) {
                tilePictures(app) >= 20
            }
            try desktop.focus(app.mainWindow)
            _ = try desktop.screenshot("janus-call-\(person.name)")
            let frame = try XCTUnwrap(desktop.geometry(of: app.mainWindow))
            // The one other's tile fills the window above the controls; its left three quarters
            // are clear of the self view (lower right), and the controls are below.
            let tile = DesktopRect(x: frame.x + frame.width / 16, y: frame.y + frame.height / 8,
                                   width: frame.width * 11 / 16, height: frame.height * 5 / 8)
            try eventually("\(person.name)'s screen at \(tile) shows the other's moving picture", timeout: 5, poll: 0.2) {
                let first = try desktop.grab(tile)
                Thread.sleep(forTimeInterval: 0.3)
                let second = try desktop.grab(tile)
                return !first.isMostlyBlack() && first.meanAbsoluteDifference(to: second) > 1
            }
        }
        let (a, g) = (apps[0], apps[1])

        // Ada mutes, then unmutes and turns her camera off: through Janus's `configure`, Grace's
        // tile of her says so.
        try desktop.focus(a.mainWindow)
        try a.press(.m)
        try awaitState(of: ada, on: g, muted: true, cameraOff: false)
        try a.press(.m)
        try a.press(.character("v"))
        try awaitState(of: ada, on: g, muted: false, cameraOff: true)
        try desktop.focus(g.mainWindow)
        try eventually("Grace's window is drawn above Ada's", timeout: 5) { desktop.isDrawn(g.mainWindow, above: a.mainWindow) }
        _ = try desktop.screenshot("janus-call-Grace-sees-Ada-camera-off")
        try desktop.focus(a.mainWindow)

        // Ada's network is gone (her app stands still): her tile goes from Grace's call within
        // 3 s, and comes back with her media.
        try a.press(.character("v"))
        try awaitState(of: ada, on: g, muted: false, cameraOff: false)
        let stoppedAt = monotonicNow()
        a.app.process.send(SIGSTOP)
        let vanished = try eventuallyValue("Ada's tile goes\n\(g.summary())", timeout: 6, poll: 0.1) {
            g.stats.events(named: "call_people", matching: ["room": "weekly"], after: stoppedAt).first { event, _ in
                (event.fields["left"] ?? "").split(separator: "\n").contains { String($0) == ada.name }
            }?.1
        }
        XCTAssertLessThan(vanished - stoppedAt, 3, "a participant whose network is gone goes within 3 s")
        a.app.process.send(SIGCONT)
        let resumedAt = monotonicNow()
        try eventually("Ada's tile comes back\n\(g.summary())", timeout: 10, poll: 0.1) {
            g.stats.events(named: "call_people", matching: ["room": "weekly"], after: resumedAt).contains { event, _ in
                (event.fields["joined"] ?? "").split(separator: "\n").contains { String($0) == ada.name }
            }
        }

        // Janus restarts: Grace's tile of Ada says Reconnecting, and the call resumes by itself.
        janus.stop()
        let downAt = monotonicNow()
        try eventually("Grace's tile reconnects\n\(g.summary())", timeout: 10, poll: 0.1) {
            g.stats.events(named: "status", matching: ["room": "weekly"], after: downAt).contains { event, _ in
                event.fields["status"]?.hasPrefix("reconnecting") == true
            }
        }
        try desktop.focus(g.mainWindow)
        try eventually("Grace's window is drawn above Ada's", timeout: 5) { desktop.isDrawn(g.mainWindow, above: a.mainWindow) }
        _ = try desktop.screenshot("janus-call-Grace-reconnecting")
        try janus.start()
        let upAt = monotonicNow()
        for (app, person) in zip(apps, people) {
            try eventually("\(person.name)'s tile of the other moves again\n\(app.summary())", timeout: 20, poll: 0.2) {
                Set(app.stats.events(named: "tile_frame", matching: ["room": "weekly", "still": "0"], after: upAt)
                    .compactMap { $0.event.fields["pts"] }).count >= 20
            }
        }
        print("Janus restart: both tiles move again \(String(format: "%.1f", monotonicNow() - upAt)) s after Janus is back")

        // Ada leaves: gone from Grace's call within 2 s.
        try a.press(.escape)
        let left = try a.waitFor("call", ["room": "weekly", "phase": "left"], timeout: 5)
        let leftAt = a.stats.monotonicTime(of: left[0]) ?? monotonicNow()
        let gone = try eventuallyValue("Ada leaves\n\(g.summary())", timeout: 5, poll: 0.1) {
            g.stats.events(named: "call_people", matching: ["room": "weekly"], after: leftAt).first { event, _ in
                (event.fields["left"] ?? "").split(separator: "\n").contains { String($0) == ada.name }
            }?.1
        }
        XCTAssertLessThan(gone - leftAt, 2, "a leaver is gone within 2 s")
        for app in apps { _ = app.app.terminate() }
    }

    /// Janus cannot be reached at join: the call says Reconnecting with D4's backoff (as when
    /// Janus goes away mid-call), and is joined by itself once Janus is up.
    func testJanusUnreachableAtJoinIsRetriedUntilItIsUp() throws {
        try requireTestNetwork()
        let janus = JanusServer(iceEnforce: "v0")
        let desktop = try startDesktop()
        let app = try LiveServerApp(ada.name, roomsFile: roomsFile(janus, ada, in: desktop.workFolder),
                                    arguments: ["--open", "weekly"], on: desktop) { try launchApp($0, on: desktop) }
        try app.waitFor("call", ["room": "weekly", "phase": "sending-reconnecting(1)"], timeout: 15)
        try app.waitFor("call", ["room": "weekly", "phase": "sending-reconnecting(2)"], timeout: 5)
        try desktop.focus(app.mainWindow)
        _ = try desktop.screenshot("janus-call-unreachable-reconnecting")
        try janus.start()
        let upAt = monotonicNow()
        let live = try app.waitFor("call", ["room": "weekly", "phase": "sending-live"], timeout: 20)
        print("Janus up: the call is live \(String(format: "%.1f", (app.stats.monotonicTime(of: live[0]) ?? upAt) - upAt)) s later")
        _ = app.app.terminate()
    }

    /// Runs `nft` with `arguments` in the test's network namespace, failing on an error.
    private func nft(_ arguments: [String]) throws {
        let outcome = try ChildProcess.run("/usr/sbin/nft", arguments, name: "nft")
        guard outcome.status == .exited(0) else { throw HarnessError("nft \(arguments): \(outcome.stderr)") }
    }

    /// ICE that never connects (the namespace's own firewall drops every UDP packet to Janus's
    /// media ports, so no connectivity check gets through either way): the call view says so
    /// within 10 s of joining, and the user can still leave.
    func testICEThatNeverConnectsIsAClearErrorWithin10Seconds() throws {
        try requireTestNetwork()
        let janus = JanusServer(iceEnforce: "v0")
        try janus.start()
        let desktop = try startDesktop()
        try nft(["add", "table", "inet", "floatapp_ice"])
        defer { try? nft(["delete", "table", "inet", "floatapp_ice"]) }
        try nft(["add", "chain", "inet", "floatapp_ice", "in", "{ type filter hook input priority 0; }"])
        try nft(["add", "rule", "inet", "floatapp_ice", "in", "udp", "dport", JanusServer.mediaPorts, "drop"])
        let app = try LiveServerApp(ada.name, roomsFile: roomsFile(janus, ada, in: desktop.workFolder),
                                    arguments: ["--open", "weekly"], on: desktop) { try launchApp($0, on: desktop) }
        let joined = try app.waitFor("call", ["room": "weekly", "phase": "joined"], timeout: 15)
        let failed = try app.waitFor("call", ["room": "weekly", "phase": "media-failed"], timeout: 15)
        let seconds = (app.stats.monotonicTime(of: failed[0]) ?? .infinity) - (app.stats.monotonicTime(of: joined[0]) ?? 0)
        print("ICE never connects: the error is shown \(String(format: "%.1f", seconds)) s after joining")
        XCTAssertLessThan(seconds, 10, "a clear error within 10 s")
        try desktop.focus(app.mainWindow)
        _ = try desktop.screenshot("janus-call-ice-failed")
        try app.press(.escape)
        try app.waitFor("call", ["room": "weekly", "phase": "left"], timeout: 5)
        _ = app.app.terminate()
    }

    /// A camera that cannot be opened: the call says why ("Broadcast error: …", as an RTMP call
    /// does), not "Joining…" for ever.
    func testCameraThatCannotOpenIsAnError() throws {
        try requireTestNetwork()
        let janus = JanusServer(iceEnforce: "v0")
        try janus.start()
        let desktop = try startDesktop()
        let broken = Person(name: "Ada", camera: "lavfi:nosuchfilter", tone: 440)
        let app = try LiveServerApp(broken.name, roomsFile: roomsFile(janus, broken, in: desktop.workFolder),
                                    arguments: ["--open", "weekly"], on: desktop) { try launchApp($0, on: desktop) }
        try app.waitFor("call", ["room": "weekly", "phase": "sending-failed"], timeout: 15)
        try desktop.focus(app.mainWindow)
        _ = try desktop.screenshot("janus-call-camera-failed")
        _ = app.app.terminate()
    }
}
