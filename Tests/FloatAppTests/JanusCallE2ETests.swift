import Foundation
import TestSupport
import XCTest

/// R8 end to end over WebRTC: three FloatApps (each with a moving `lavfi:` camera and a tone of
/// its own for a microphone, each playing into a file through SDL's disk audio driver) join one
/// VideoRoom of a real Janus, each publishing and subscribing through the WebRTC engine: each
/// shows the other two's moving pictures on the screen and plays both their tones; one mutes
/// (silence at her tone in the others' sound, the third's tone goes on), turns the camera off
/// (the others' tile shows her name), turns both off at once (shown so, not as gone), stands
/// still as if her network were gone (her tile goes within 3 s and comes back); Janus is killed
/// and restarted (every tile says Reconnecting, then the call resumes by itself); then she
/// leaves (gone within 2 s). A real browser in the call and FloatApp see each other, and each
/// one's mute is silence in the other's sound. A Janus that is not up when a call is joined
/// makes the call say Reconnecting until it is, then the call goes live by itself; ICE that
/// never connects is said in the call view within 10 s, and so are a camera that cannot open
/// and a join Janus refuses. A FloatApp that reaches Janus by its WebSocket API shares a call
/// with one that reaches it by its HTTP API. Runs inside `make test-web`'s network namespace (Janus's ICE on its
/// veth alone).
final class JanusCallE2ETests: DesktopTestCase {
    private struct Person {
        let name: String
        let camera: String
        let tone: Int
    }

    private let ada = Person(name: "Ada", camera: "lavfi:testsrc2=size=640x360:rate=15", tone: 440)
    private let grace = Person(name: "Grace", camera: "lavfi:testsrc=size=640x360:rate=15", tone: 880)
    private let katherine = Person(name: "Katherine", camera: "lavfi:testsrc2=size=640x360:rate=15,hue=h=120", tone: 660)
    /// A camera-off tile's plain card and its name on it (the standard look's surface and text).
    private static let cardColor = RGB(red: 0x1c, green: 0x1f, blue: 0x26)
    private static let nameColor = RGB(red: 0xec, green: 0xee, blue: 0xf2)

    /// One of a call's FloatApps: who, the app, and what it plays.
    private struct Member {
        let person: Person
        let app: LiveServerApp
        let sound: SoundRecording
    }

    private func roomsFile(_ janus: JanusServer, _ person: Person, in folder: URL, videoRoom: Int = 1234,
                           webSocket: Bool = false) throws -> URL {
        let url = folder.appendingPathComponent("janus-call-\(person.name).json")
        let me = try JSONSerialization.data(withJSONObject: [
            "name": person.name, "camera": person.camera, "microphone": "lavfi:sine=f=\(person.tone):sample_rate=48000",
        ])
        let text = """
            {"me": \(String(decoding: me, as: UTF8.self)),
             "servers": [{"id": "sfu", "title": "Janus (WebRTC)", "janus": "\(webSocket ? janus.webSocketURL : janus.apiURL)"}],
             "rooms": [{"id": "weekly", "title": "Weekly call", "kind": "call", "server": "sfu", "videoroom": \(videoRoom)}]}
            """
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// Starts a FloatApp for each of `people`, each opening the call and playing into a
    /// recording of its own; those named in `overWebSocket` reach Janus by its WebSocket API.
    private func join(_ people: [Person], janus: JanusServer, on desktop: TestDesktop, overWebSocket: Set<String> = []) throws -> [Member] {
        try people.map { person in
            let sound = SoundRecording(url: desktop.workFolder.appendingPathComponent("\(person.name)-sound.raw"))
            let file = try roomsFile(janus, person, in: desktop.workFolder, webSocket: overWebSocket.contains(person.name))
            let app = try LiveServerApp(person.name, roomsFile: file,
                                        arguments: ["--open", "weekly"], on: desktop) {
                try launchApp($0, on: desktop, environment: sound.environment)
            }
            return Member(person: person, app: app, sound: sound)
        }
    }

    /// Pictures (distinct times, not stills) `app` showed in its tile `source` after `since`.
    private func tilePictures(_ app: LiveServerApp, source: Int = 0, after since: Double = 0) -> Int {
        let events = app.stats.events(named: "tile_frame", matching: ["room": "weekly", "source": "\(source)", "still": "0"], after: since)
        return Set(events.compactMap { $0.event.fields["pts"] }).count
    }

    /// When `app`'s call list first had `name` `joined` (or `left`) after `since`.
    private func people(_ app: LiveServerApp, _ change: String, _ name: String, after since: Double) -> Double? {
        app.stats.events(named: "call_people", matching: ["room": "weekly"], after: since).first { event, _ in
            (event.fields[change] ?? "").split(separator: "\n").contains { String($0) == name }
        }?.time
    }

    /// Waits until `app`'s tile of `person` says what they send, as changed after `since`.
    private func awaitState(of person: Person, on app: LiveServerApp, muted: Bool, cameraOff: Bool, after since: Double) throws {
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
    /// project's janus.js page): it shows FloatApp's moving picture and hears its tone, and
    /// FloatApp's tile shows the browser's picture and plays its sound; FloatApp's mute (M, as
    /// a user presses it) is silence in the browser, and the browser's mute is silence in what
    /// FloatApp plays.
    func testBrowserAndAppSeeAndHearEachOtherAndEachOthersMute() throws {
        try requireTestNetwork()
        let janus = JanusServer(iceEnforce: "v0")
        try janus.start()
        let desktop = try startDesktop()
        let member = try join([ada], janus: janus, on: desktop)[0]
        let app = member.app
        try app.waitFor("call", ["room": "weekly", "phase": "joined"], timeout: 15)
        let browser = try BrowserPage(api: janus.apiURL, room: 1234)
        let frames = try eventuallyValue("the browser shows FloatApp's picture\n\(browser.logs)", timeout: 20, poll: 0.2) {
            browser.number("width") > 0 && browser.number("height") > 0 ? browser.number("frames") : nil
        }
        try eventually("the browser's frames advance", timeout: 5, poll: 0.2) { browser.number("frames") >= frames + 10 }
        try eventually("FloatApp's tile of the browser moves\n\(app.summary())", timeout: 20, poll: 0.2) { tilePictures(app) >= 20 }
        try desktop.focus(app.mainWindow)
        _ = try desktop.screenshot("janus-call-Ada-sees-browser")
        let played = { SoundRecording.rms(member.sound.last(seconds: 2) ?? []) }
        try eventually("the browser hears Ada's tone (\(browser.number("level")))", timeout: 10, poll: 0.2) { browser.number("level") > 0.05 }
        try eventually("Ada plays the browser's sound (\(played()))", timeout: 10, poll: 0.2) { played() > 0.005 }
        print("browser: hears Ada at \(browser.number("level")), Ada plays the browser at \(played())")

        try app.press(.m)
        try eventually("the browser hears Ada's mute (\(browser.number("level")))", timeout: 5, poll: 0.2) { browser.number("level") < 0.005 }
        try browser.mute()
        try eventually("Ada plays the browser's mute (\(played()))", timeout: 5, poll: 0.2) { played() < 0.001 }
        print("browser: Ada's mute heard at \(browser.number("level")), the browser's at \(played())")
        // A browser that also stops sending its sound through Janus, as FloatApp does: Ada's tile
        // of it says muted.
        let mutedAt = monotonicNow()
        try browser.mute(throughJanus: true)
        try eventually("Ada's tile of the browser says muted\n\(app.summary())", timeout: 5, poll: 0.1) {
            !app.stats.events(named: "remote_state", matching: ["name": "Browser", "muted": "1", "camera_off": "0"], after: mutedAt).isEmpty
        }
        try desktop.focus(app.mainWindow)
        _ = try desktop.screenshot("janus-call-Ada-sees-browser-muted")
        _ = app.app.terminate()
    }

    /// Three FloatApps in one call: each sees the other two move and hears both their tones in
    /// what it plays; a mute is silence at the muted one's tone while the third's goes on; a
    /// camera turned off shows the name; a participant whose network is gone goes within 3 s and
    /// comes back; Janus killed and restarted puts every tile on Reconnecting and the call
    /// resumes by itself; a leaver is gone within 2 s.
    func testThreeAppsSeeAndHearEachOtherThroughJanus() throws {
        try requireTestNetwork()
        let janus = JanusServer(iceEnforce: "v0")
        try janus.start()
        let desktop = try startDesktop()
        let members = try join([ada, grace, katherine], janus: janus, on: desktop)
        for member in members { try awaitCall(of: member, with: members, on: desktop) }
        let (a, g, k) = (members[0], members[1], members[2])

        // Ada mutes: Grace and Katherine hear silence at her tone while each other's goes on;
        // she unmutes: her tone is back.
        let mutedAt = monotonicNow()
        try a.app.press(.m)
        for listener in [g, k] {
            try awaitState(of: ada, on: listener.app, muted: true, cameraOff: false, after: mutedAt)
            try awaitTones(listener, silent: [ada], among: members)
        }
        try a.app.press(.m)
        for listener in [g, k] { try awaitTones(listener, among: members) }

        try checkCameraOffShowsName(of: a, on: g, beside: k, on: desktop)
        try checkBothTurnedOffAtOnce(of: a, on: [g, k])
        try checkNetworkGone(of: a, from: [g, k])
        try checkJanusRestart(janus, members: members, on: desktop)

        // Ada leaves: gone from Grace's and Katherine's calls within 2 s.
        try a.app.press(.escape)
        let left = try a.app.waitFor("call", ["room": "weekly", "phase": "left"], timeout: 5)
        let leftAt = a.app.stats.monotonicTime(of: left[0]) ?? monotonicNow()
        for listener in [g, k] {
            let gone = try eventuallyValue("Ada leaves\n\(listener.app.summary())", timeout: 5, poll: 0.1) {
                people(listener.app, "left", ada.name, after: leftAt)
            }
            print("leave: Ada gone from \(listener.person.name)'s call \(String(format: "%.2f", gone - leftAt)) s after")
            XCTAssertLessThan(gone - leftAt, 2, "a leaver is gone within 2 s")
        }
        for member in members { _ = member.app.app.terminate() }
    }

    /// Janus's WebSocket API in a call: Ada's rooms file names the server by its `ws://` URL,
    /// Grace's by its HTTP API; each shows the other's moving picture and plays the other's tone.
    func testAppOverWebSocketAndAppOverHTTPShareACall() throws {
        try requireTestNetwork()
        let janus = JanusServer(iceEnforce: "v0")
        try janus.start()
        let desktop = try startDesktop()
        let members = try join([ada, grace], janus: janus, on: desktop, overWebSocket: [ada.name])
        for member in members {
            let app = member.app
            try app.waitFor("call", ["room": "weekly", "phase": "joined"], timeout: 15)
            try eventually("\(member.person.name)'s tile of the other moves\n\(app.summary())", timeout: 30, poll: 0.2) {
                tilePictures(app) >= 20
            }
            try awaitTones(member, among: members)
        }
        try desktop.focus(members[0].app.mainWindow)
        _ = try desktop.screenshot("janus-call-websocket-Ada")
        for member in members { _ = member.app.app.terminate() }
    }

    /// Waits until `member` is joined, lists the others, shows each other's moving picture (in
    /// its stats and on the screen) and plays each other's tone; takes a screenshot.
    private func awaitCall(of member: Member, with members: [Member], on desktop: TestDesktop) throws {
        let app = member.app, others = members.filter { $0.person.name != member.person.name }
        try app.waitFor("call", ["room": "weekly", "phase": "joined"], timeout: 15)
        for other in others {
            _ = try eventuallyValue("\(member.person.name) sees \(other.person.name)\n\(app.summary())", timeout: 20, poll: 0.2) {
                people(app, "joined", other.person.name, after: 0)
            }
        }
        try eventually("\(member.person.name)'s tiles of both others move\n\(app.summary())", timeout: 30, poll: 0.2) {
            tilePictures(app, source: 0) >= 20 && tilePictures(app, source: 1) >= 20
        }
        try desktop.focus(app.mainWindow)
        try eventually("\(member.person.name)'s window is drawn on top", timeout: 5) {
            members.allSatisfy { $0.app === app || desktop.isDrawn(app.mainWindow, above: $0.app.mainWindow) }
        }
        _ = try desktop.screenshot("janus-call-\(member.person.name)")
        let frame = try XCTUnwrap(desktop.geometry(of: app.mainWindow))
        for half in tileHalves(of: frame) {
            try eventually("\(member.person.name)'s screen at \(half) shows a moving picture", timeout: 5, poll: 0.2) {
                let first = try desktop.grab(half)
                Thread.sleep(forTimeInterval: 0.3)
                let second = try desktop.grab(half)
                return !first.isMostlyBlack() && first.meanAbsoluteDifference(to: second) > 1
            }
        }
        try awaitTones(member, among: members)
    }

    /// The left and right halves of the two tiles' row in a main window of `frame`: a call of
    /// three shows the two others side by side between the title overlay and the control bar,
    /// the self view in the lower right corner below them.
    private func tileHalves(of frame: DesktopRect) -> [DesktopRect] {
        let y = frame.y + frame.height * 3 / 10, height = frame.height / 4
        return [DesktopRect(x: frame.x + frame.width / 16, y: y, width: frame.width * 6 / 16, height: height),
                DesktopRect(x: frame.x + frame.width * 9 / 16, y: y, width: frame.width * 6 / 16, height: height)]
    }


    /// Waits until the newest half second `listener` played holds the tone of every other of
    /// `members` but `silent`, and none of `silent`'s (its own is never played back to it).
    private func awaitTones(_ listener: Member, silent: [Person] = [], among members: [Member]) throws {
        let others = members.map(\.person).filter { $0.name != listener.person.name }
        let isSilent = { (person: Person) in silent.contains { $0.name == person.name } }
        var levels: [String: Double] = [:]
        let said = { levels.sorted { $0.key < $1.key }.map { "\($0.key) \(String(format: "%.4f", $0.value))" }.joined(separator: ", ") }
        try eventually("\(listener.person.name) hears all but \(silent.map(\.name)): \(said())\n\(listener.app.summary())",
                       timeout: 10, poll: 0.1) {
            guard let samples = listener.sound.last(seconds: 0.5) else { return false }
            for person in others { levels[person.name] = SoundRecording.toneLevel(samples, frequency: Double(person.tone)) }
            return others.allSatisfy { isSilent($0) ? levels[$0.name]! < 0.001 : levels[$0.name]! > 0.005 }
        }
        print("tones: \(listener.person.name) plays \(said())")
    }

    /// Ada turns her camera off: Grace's tile of her shows her name on a plain card instead of
    /// her picture, still, while Katherine's goes on moving; she turns it on again.
    private func checkCameraOffShowsName(of a: Member, on g: Member, beside k: Member, on desktop: TestDesktop) throws {
        let offAt = monotonicNow()
        try a.app.press(.character("v"))
        try awaitState(of: a.person, on: g.app, muted: false, cameraOff: true, after: offAt)
        try desktop.focus(g.app.mainWindow)
        try eventually("Grace's window is drawn on top", timeout: 5) {
            [a, k].allSatisfy { desktop.isDrawn(g.app.mainWindow, above: $0.app.mainWindow) }
        }
        _ = try desktop.screenshot("janus-call-Grace-sees-Ada-camera-off")
        let source = try XCTUnwrap(g.app.stats.events(named: "remote_state", matching: ["name": a.person.name]).last?.fields["source"])
        let halves = tileHalves(of: try XCTUnwrap(desktop.geometry(of: g.app.mainWindow)))
        let (still, moving) = source == "0" ? (halves[0], halves[1]) : (halves[1], halves[0])
        try eventually("Grace's tile of Ada at \(still) shows her name, still, and Katherine's at \(moving) moves", timeout: 5, poll: 0.2) {
            let first = (try desktop.grab(still), try desktop.grab(moving))
            Thread.sleep(forTimeInterval: 0.3)
            let second = (try desktop.grab(still), try desktop.grab(moving))
            return first.0.meanAbsoluteDifference(to: second.0) < 0.5 && first.1.meanAbsoluteDifference(to: second.1) > 1
                && first.0.fraction(matching: Self.cardColor, tolerance: 12) > 0.5
                && first.0.fraction(matching: Self.nameColor, tolerance: 60) > 0.002
        }
        try desktop.focus(a.app.mainWindow)
        let onAt = monotonicNow()
        try a.app.press(.character("v"))
        try awaitState(of: a.person, on: g.app, muted: false, cameraOff: false, after: onAt)
    }

    /// Ada mutes and turns her camera off at once (M, then V right after): the others show her
    /// with both off, not as a network gone, and she stays in their calls; she turns both on.
    private func checkBothTurnedOffAtOnce(of a: Member, on listeners: [Member]) throws {
        let offAt = monotonicNow()
        try a.app.press(.m)
        a.app.desktop.key(.character("v"))
        for listener in listeners {
            try awaitState(of: a.person, on: listener.app, muted: true, cameraOff: true, after: offAt)
            XCTAssertNil(people(listener.app, "left", a.person.name, after: offAt), "both turned off at once is not a network gone")
        }
        let onAt = monotonicNow()
        try a.app.press(.m)
        a.app.desktop.key(.character("v"))
        for listener in listeners { try awaitState(of: a.person, on: listener.app, muted: false, cameraOff: false, after: onAt) }
    }

    /// Ada's network is gone (her app stands still): her tile goes from the others' calls
    /// within 3 s, and comes back with her media.
    private func checkNetworkGone(of a: Member, from listeners: [Member]) throws {
        let stoppedAt = monotonicNow()
        a.app.app.process.send(SIGSTOP)
        for listener in listeners {
            let vanished = try eventuallyValue("Ada's tile goes\n\(listener.app.summary())", timeout: 6, poll: 0.1) {
                people(listener.app, "left", a.person.name, after: stoppedAt)
            }
            print("network gone: Ada's tile gone from \(listener.person.name)'s call \(String(format: "%.2f", vanished - stoppedAt)) s after")
            XCTAssertLessThan(vanished - stoppedAt, 3, "a participant whose network is gone goes within 3 s")
        }
        a.app.app.process.send(SIGCONT)
        let resumedAt = monotonicNow()
        for listener in listeners {
            _ = try eventuallyValue("Ada's tile comes back\n\(listener.app.summary())", timeout: 10, poll: 0.1) {
                people(listener.app, "joined", a.person.name, after: resumedAt)
            }
        }
        // Ada's app stood still too: it saw the others' media stop, and shows them move again.
        try eventually("Ada's tiles move again\n\(a.app.summary())", timeout: 15, poll: 0.2) {
            tilePictures(a.app, source: 0, after: resumedAt) >= 10 && tilePictures(a.app, source: 1, after: resumedAt) >= 10
        }
    }

    /// Janus is killed: every tile of every app says Reconnecting; it starts again: every tile
    /// moves again by itself.
    private func checkJanusRestart(_ janus: JanusServer, members: [Member], on desktop: TestDesktop) throws {
        janus.kill()
        let downAt = monotonicNow()
        for member in members {
            for source in ["0", "1"] {
                try eventually("\(member.person.name)'s tile \(source) reconnects\n\(member.app.summary())", timeout: 10, poll: 0.1) {
                    member.app.stats.events(named: "source_status", matching: ["room": "weekly", "source": source], after: downAt)
                        .contains { $0.event.fields["status"]?.hasPrefix("reconnecting") == true }
                }
            }
        }
        let g = members[1]
        try desktop.focus(g.app.mainWindow)
        try eventually("Grace's window is drawn on top", timeout: 5) {
            members.allSatisfy { $0.app === g.app || desktop.isDrawn(g.app.mainWindow, above: $0.app.mainWindow) }
        }
        _ = try desktop.screenshot("janus-call-Grace-reconnecting")
        try janus.start()
        let upAt = monotonicNow()
        for member in members {
            try eventually("\(member.person.name)'s tiles move again\n\(member.app.summary())", timeout: 30, poll: 0.2) {
                tilePictures(member.app, source: 0, after: upAt) >= 20 && tilePictures(member.app, source: 1, after: upAt) >= 20
            }
        }
        print("Janus restart: every tile moves again \(String(format: "%.1f", monotonicNow() - upAt)) s after Janus is back")
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
        try showAndLeave(app, screenshot: "janus-call-ice-failed", on: desktop)
    }

    /// A VideoRoom Janus does not have: Janus refuses the join, the call view says so, and the
    /// call's session ends by itself (its stream says stopped: camera, microphone and Janus
    /// session closed) before the user leaves.
    func testAJoinJanusRefusesIsAClearErrorAndEndsTheSession() throws {
        try requireTestNetwork()
        let janus = JanusServer(iceEnforce: "v0")
        try janus.start()
        let desktop = try startDesktop()
        let app = try LiveServerApp(ada.name, roomsFile: roomsFile(janus, ada, in: desktop.workFolder, videoRoom: 4321),
                                    arguments: ["--open", "weekly"], on: desktop) { try launchApp($0, on: desktop) }
        try app.waitFor("call", ["room": "weekly", "phase": "join-failed"], timeout: 15)
        try app.waitFor("call", ["room": "weekly", "phase": "sending-stopped"], timeout: 5)
        let said = "The call's server has no VideoRoom 4321: leave, and check the room's \"videoroom\" in the rooms file"
        XCTAssertTrue(app.app.outputTail(lines: 200).contains(said), app.app.outputTail())
        try showAndLeave(app, screenshot: "janus-call-join-refused", on: desktop)
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
        try showAndLeave(app, screenshot: "janus-call-camera-failed", on: desktop, leaving: false)
    }

    /// Takes a screenshot of `app`'s call view, leaves the call with Esc (awaiting the left
    /// call, when `leaving`) and ends the app.
    private func showAndLeave(_ app: LiveServerApp, screenshot name: String, on desktop: TestDesktop, leaving: Bool = true) throws {
        try desktop.focus(app.mainWindow)
        _ = try desktop.screenshot(name)
        if leaving {
            try app.press(.escape)
            try app.waitFor("call", ["room": "weekly", "phase": "left"], timeout: 5)
        }
        _ = app.app.terminate()
    }
}
