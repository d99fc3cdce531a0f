import EngineTerms
import Foundation
import TestSupport
import XCTest
@testable import MPRIS

/// The MPRIS player on a real private session bus, driven by the real `playerctl`,
/// `dbus-send` and `dbus-monitor`.
final class MPRISBusTests: XCTestCase {
    /// Counts the bus thread's wake-ups, as the app's main loop would see them.
    final class WakeCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func wake() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    private let harbour = MediaState(
        track: .init(id: "harbour-cam", title: "Harbour Cam", artist: "Ada", artURL: "file:///usr/share/icons/floatapp.svg"),
        status: .playing, volume: 0.8)

    private func startService(on bus: PrivateBus, state: MediaState, wakes: WakeCounter = WakeCounter()) throws -> MPRISService {
        let service = try MPRISService.start(state: state, address: bus.address) { wakes.wake() }
        addTeardownBlock { service.stop() }
        return service
    }

    /// Waits until the service has queued commands and returns them all.
    private func commands(of service: MPRISService, count: Int) throws -> [MediaCommand] {
        var taken: [MediaCommand] = []
        try eventually("\(count) commands arrive, got \(taken)", timeout: 10) {
            taken += service.takeCommands()
            return taken.count >= count
        }
        return taken
    }

    func testPlayerctlListsThePlayerAndReadsWhatTheAppPublished() throws {
        let bus = try PrivateBus(for: self)
        let service = try startService(on: bus, state: harbour)
        XCTAssertEqual(service.busName, "org.mpris.MediaPlayer2.floatapp")
        XCTAssertEqual(try bus.run(["playerctl", "-l"]).output, "floatapp")
        XCTAssertEqual(try bus.run(["playerctl", "-p", "floatapp", "metadata", "title"]).output, "Harbour Cam")
        XCTAssertEqual(try bus.run(["playerctl", "-p", "floatapp", "metadata", "artist"]).output, "Ada")
        XCTAssertEqual(try bus.run(["playerctl", "-p", "floatapp", "metadata", "mpris:trackid"]).output,
                       "'/org/floatapp/FloatApp/room/harbour_2dcam'", "playerctl quotes object paths")
        XCTAssertEqual(try bus.run(["playerctl", "-p", "floatapp", "metadata", "mpris:artUrl"]).output,
                       "file:///usr/share/icons/floatapp.svg")
        XCTAssertEqual(try bus.run(["playerctl", "-p", "floatapp", "status"]).output, "Playing")
        XCTAssertEqual(Double(try bus.run(["playerctl", "-p", "floatapp", "volume"]).output), 0.8)

        var next = harbour
        next.track = .init(id: "fractal", title: "Mandelbrot Zoom")
        service.update(next)
        try eventually("playerctl sees the new room's title", timeout: 10) {
            try bus.run(["playerctl", "-p", "floatapp", "metadata", "title"]).output == "Mandelbrot Zoom"
        }
        XCTAssertNotEqual(try bus.run(["playerctl", "-p", "floatapp", "metadata", "artist"]).status, 0,
                          "a room without a speaker has no artist")
    }

    func testPlayerctlCommandsReachTheAppWithAWakeUp() throws {
        let bus = try PrivateBus(for: self)
        let wakes = WakeCounter()
        let service = try startService(on: bus, state: harbour, wakes: wakes)
        for command in [["play-pause"], ["pause"], ["play"]] {
            XCTAssertEqual(try bus.run(["playerctl", "-p", "floatapp"] + command).status, 0, "\(command)")
        }
        // playerctl itself refuses Next and Seek as CanGoNext and CanSeek are false; a client
        // that calls them anyway gets an empty answer and the app no command.
        for call in [["Next"], ["Previous"], ["Seek", "int64:10"],
                     ["SetPosition", "objpath:/org/floatapp/FloatApp/room/harbour_2dcam", "int64:0"]] {
            let sent = try bus.run(["dbus-send", "--session", "--print-reply", "--dest=\(service.busName)",
                                    "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player.\(call[0])"]
                                   + call.dropFirst())
            XCTAssertEqual(sent.status, 0, "\(call): \(sent.output)")
        }
        for command in [["stop"], ["volume", "0.3"]] {
            XCTAssertEqual(try bus.run(["playerctl", "-p", "floatapp"] + command).status, 0, "\(command)")
        }
        XCTAssertEqual(try commands(of: service, count: 5), [.playPause, .pause, .play, .stop, .setVolume(0.3)],
                       "next, previous and seeking have no effect on live rooms")
        XCTAssertEqual(wakes.value, 5, "one wake-up per command")

        XCTAssertEqual(try bus.run(["playerctl", "-p", "floatapp", "volume", "1.7"]).status, 0)
        XCTAssertEqual(try commands(of: service, count: 1), [.setVolume(1)], "volume is clamped to 0...1")
    }

    func testRaiseQuitAndIntrospectionOverDBusSend() throws {
        let bus = try PrivateBus(for: self)
        let service = try startService(on: bus, state: harbour)
        func send(_ method: String) throws -> (status: Int32, output: String) {
            try bus.run(["dbus-send", "--session", "--print-reply", "--dest=\(service.busName)",
                         "/org/mpris/MediaPlayer2", method])
        }
        XCTAssertEqual(try send("org.mpris.MediaPlayer2.Raise").status, 0)
        XCTAssertEqual(try send("org.mpris.MediaPlayer2.Quit").status, 0)
        XCTAssertEqual(try commands(of: service, count: 2), [.raise, .quit])

        let xml = try send("org.freedesktop.DBus.Introspectable.Introspect").output
        for interface in ["org.mpris.MediaPlayer2", "org.mpris.MediaPlayer2.Player", "org.freedesktop.DBus.Properties"] {
            XCTAssertTrue(xml.contains("<interface name=\"\(interface)\">"), interface)
        }
        let identity = try bus.run(["dbus-send", "--session", "--print-reply", "--dest=\(service.busName)",
                                    "/org/mpris/MediaPlayer2", "org.freedesktop.DBus.Properties.Get",
                                    "string:org.mpris.MediaPlayer2", "string:Identity"]).output
        XCTAssertTrue(identity.contains("variant       string \"FloatApp\""), identity)
        let refused = try bus.run(["dbus-send", "--session", "--print-reply", "--dest=\(service.busName)",
                                   "/org/mpris/MediaPlayer2", "org.freedesktop.DBus.Properties.Set",
                                   "string:org.mpris.MediaPlayer2", "string:Identity", "variant:string:Other"])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.output.contains("PropertyReadOnly"), refused.output)
        XCTAssertEqual(service.takeCommands(), [])
    }

    func testStatusFollowsTheAppAndEveryChangeIsSignalled() throws {
        let bus = try PrivateBus(for: self)
        let service = try startService(on: bus, state: harbour)
        let monitorOutput = bus.folder.appendingPathComponent("monitor.out")
        _ = try bus.launch(["dbus-monitor", "--session",
                            "type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged'"],
                           output: monitorOutput)
        func monitored() -> String { (try? String(contentsOf: monitorOutput, encoding: .utf8)) ?? "" }
        try eventually("dbus-monitor becomes a monitor", timeout: 10) { monitored().contains("member=NameLost") }

        var state = harbour
        state.status = .paused
        service.update(state)
        try eventually("playerctl status says Paused", timeout: 10) {
            try bus.run(["playerctl", "-p", "floatapp", "status"]).output == "Paused"
        }
        try eventually("PropertiesChanged carries Paused:\n\(monitored())", timeout: 10) {
            monitored().contains("string \"PlaybackStatus\"") && monitored().contains("string \"Paused\"")
        }
        state.volume = 0.3
        state.track?.artist = "Grace"
        service.update(state)
        try eventually("PropertiesChanged carries the volume and the speaker:\n\(monitored())", timeout: 10) {
            monitored().contains("double 0.3") && monitored().contains("string \"Grace\"")
        }
        XCTAssertEqual(monitored().components(separatedBy: "member=PropertiesChanged").count - 1, 2,
                       "one signal per update:\n\(monitored())")
        service.update(state)
        state.track = nil
        state.status = .stopped
        service.update(state)
        try eventually("playerctl status says Stopped", timeout: 10) {
            try bus.run(["playerctl", "-p", "floatapp", "status"]).output == "Stopped"
        }
        XCTAssertEqual(monitored().components(separatedBy: "member=PropertiesChanged").count - 1, 3,
                       "an update that changes nothing sends nothing:\n\(monitored())")
    }

    func testASecondPlayerTakesAnInstanceNameAndStopReleasesTheName() throws {
        let bus = try PrivateBus(for: self)
        let first = try startService(on: bus, state: harbour)
        let second = try startService(on: bus, state: MediaState())
        XCTAssertEqual(second.busName, "org.mpris.MediaPlayer2.floatapp.instance\(getpid())")
        let both = try bus.run(["playerctl", "-l"]).output.split(separator: "\n").map(String.init)
        XCTAssertEqual(Set(both), ["floatapp", "floatapp.instance\(getpid())"])
        first.stop()
        try eventually("the first player's name is released", timeout: 10) {
            try bus.run(["playerctl", "-l"]).output == "floatapp.instance\(getpid())"
        }
    }

    func testWithoutASessionBusStartGivesOneLineReason() {
        XCTAssertThrowsError(try MPRISService.start(address: nil, environment: [:]) {}) { error in
            XCTAssertEqual(error as? MediaControlsFailure, .noSessionBus)
        }
        XCTAssertThrowsError(try MPRISService.start(address: "unix:path=/nonexistent/floatapp-bus") {}) { error in
            guard case .cannotConnect(let detail) = error as? MediaControlsFailure else { return XCTFail("\(error)") }
            XCTAssertFalse(detail.contains("\n"), detail)
        }
    }

    func testABusThatNeverAnswersDoesNotHangTheApp() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("floatapp-silent-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("bus").path
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer {
            close(listener)
            try? FileManager.default.removeItem(at: folder)
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: path.utf8.prefix(raw.count - 1))
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        XCTAssertEqual(bound, 0, String(cString: strerror(errno)))
        XCTAssertEqual(listen(listener, 4), 0)

        let started = Date()
        XCTAssertThrowsError(try MPRISService.start(address: "unix:path=" + path) {}) { error in
            guard case .noAnswer = error as? MediaControlsFailure else { return XCTFail("\(error)") }
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), MPRISService.busTimeout + 2,
                          "a silent bus costs at most one timeout")
    }

    func testTheBusGoingAwayEndsTheBusThread() throws {
        let bus = try PrivateBus(for: self)
        let service = try startService(on: bus, state: harbour)
        bus.stop()
        let stopped = DispatchSemaphore(value: 0)
        Thread { service.stop(); stopped.signal() }.start()
        XCTAssertEqual(stopped.wait(timeout: .now() + 10), .success, "stop returns after the bus died")
    }
}
