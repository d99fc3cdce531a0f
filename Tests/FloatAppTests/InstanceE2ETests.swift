import Foundation
import LiveServerTestSupport
import Rooms
import TestSupport
import XCTest

/// W14 and W13 in the real app on one session bus: a second `floatapp FILE` hands the file to
/// the running FloatApp and exits 0 within 2 s, and the first plays it; a call link opened with
/// the real `xdg-open` (the desktop file as the `floatapp` scheme's handler) makes the first ask
/// in its main window, and the call's nginx-rtmp sees no publisher until Enter accepts; the
/// call's Copy invite link gives back the link it was joined by (read with `xclip`).
final class InstanceE2ETests: DesktopTestCase {
    /// A rooms file with one built-in live room and `me` with a `lavfi:` camera and microphone,
    /// and no servers: the link brings its own.
    private func roomsFile(in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("rooms.json")
        try """
            {"me": {"name": "Ada", "camera": "lavfi:testsrc2=size=320x180:rate=15", "microphone": "lavfi:sine=f=440:sample_rate=48000"},
             "rooms": [{"id": "pattern", "title": "Pattern", "kind": "live", "source": "lavfi:testsrc2=size=320x180:rate=25"}]}
            """.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// XDG folders in which the desktop file (FloatApp's own) is the only handler of
    /// `x-scheme-handler/floatapp`, and a PATH whose `floatapp` is the binary under test.
    private func desktopFolders(in folder: URL) throws -> [String: String] {
        let data = folder.appendingPathComponent("xdg-data"), config = folder.appendingPathComponent("xdg-config")
        let bin = folder.appendingPathComponent("bin")
        for made in [data.appendingPathComponent("applications"), config, bin] {
            try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(at: DesktopEntryTests.entryURL,
                                         to: data.appendingPathComponent("applications/" + DesktopEntryTests.entryName))
        try "[Default Applications]\nx-scheme-handler/floatapp=\(DesktopEntryTests.entryName)\n"
            .write(to: config.appendingPathComponent("mimeapps.list"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("floatapp"), withDestinationURL: TestPaths.floatappBinary)
        return ["XDG_DATA_HOME": data.path, "XDG_CONFIG_HOME": config.path, "XDG_DATA_DIRS": data.path,
                "PATH": bin.path + ":/usr/bin:/bin"]
    }

    /// Runs `executable arguments` on `desktop` with `environment` to its end (at most
    /// `timeout` s): its exit status and how long it took.
    private func run(_ executable: String, _ arguments: [String], on desktop: TestDesktop, environment: [String: String],
                     timeout: TimeInterval = 10) throws -> (status: ExitStatus?, seconds: Double, output: String) {
        let log = desktop.workFolder.appendingPathComponent("\(URL(fileURLWithPath: executable).lastPathComponent)-\(UUID().uuidString.prefix(6)).log")
        let start = monotonicNow()
        let process = try ChildProcess(executable: executable, arguments: arguments,
                                       environment: desktop.clientEnvironment(home: desktop.workFolder, extra: environment),
                                       stdoutURL: log, stderrURL: log)
        let status = process.waitForExit(timeout: timeout) ?? process.terminate()
        return (status, monotonicNow() - start, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }

    func testASecondFloatAppHandsOverAFileAndACallLinkAsksBeforePublishing() throws {
        let nginx = try NginxServer()
        try nginx.start()
        defer { nginx.stop() }
        let desktop = try startDesktop()
        let bus = try SessionBus(in: desktop.workFolder, for: self)
        let onBus = ["DBUS_SESSION_BUS_ADDRESS": bus.address, "SDL_AUDIODRIVER": "dummy"]
        let video = desktop.workFolder.appendingPathComponent("hand over.mp4")
        try TestVideoFile.write(to: video, seconds: 10)
        let session = try RunningApp(roomsFile: try roomsFile(in: desktop.workFolder), arguments: [], on: desktop) { arguments in
            try launchApp(arguments, on: desktop, environment: onBus)
        }
        try session.run {
            XCTAssertEqual(desktop.wmClass(of: session.mainWindow)?.className, DesktopEntryTests.applicationID,
                           "the desktop ties the main window to the desktop file by its X11 class")
            // The second FloatApp, started in the file's folder (`env -C`), names it relatively.
            let second = try run("/usr/bin/env", ["-C", desktop.workFolder.path, TestPaths.floatappBinary.path, video.lastPathComponent],
                                 on: desktop, environment: onBus)
            XCTAssertEqual(second.status, .exited(0), second.output)
            XCTAssertLessThan(second.seconds, 2, "the second FloatApp ends within 2 s")
            let added = try session.waitForEvents("item_added", ["origin": "other_instance"], timeout: 10)
            XCTAssertEqual(added.first?.fields["title"], "hand over.mp4")
            let room = try XCTUnwrap(added.first?.fields["room"])
            try session.waitForEvents("status", ["room": room, "status": "playing"], timeout: 15)
            try session.waitForMainFrames(of: room)
            _ = try desktop.screenshot("1-handed-over-file-plays")

            let link = InviteLink.call(room: "retro", title: "Retro", server: LiveServer(
                id: "local", title: "Local nginx", stats: nginx.statsURL, play: StreamURLTemplate(nginx.rtmpURL("{stream}")),
                calls: CallURLTemplate(nginx.callsTemplate))).text
            let opened = try run("/usr/bin/xdg-open", [link], on: desktop,
                                 environment: onBus.merging(try desktopFolders(in: desktop.workFolder)) { $1 })
            XCTAssertEqual(opened.status, .exited(0), opened.output)
            try session.waitForEvents("call_link", ["room": "retro", "phase": "asked"], timeout: 10)
            _ = try desktop.screenshot("2-call-link-asks")
            XCTAssertEqual(try nginx.publishedStreams().filter { $0.hasPrefix("retro~") }, [], "nothing is published while it asks")

            try session.focusMain()
            desktop.key(.returnKey)
            try session.waitForEvents("call_link", ["room": "retro", "phase": "accepted"], timeout: 5)
            let published = try eventuallyValue("Ada's stream reaches the call's server", timeout: 15, poll: 0.2) { () -> [String]? in
                let streams = try nginx.publishedStreams().filter { $0.hasPrefix("retro~") }
                return streams.isEmpty ? nil : streams
            }
            XCTAssertEqual(published.count, 1, "\(published)")
            _ = try desktop.screenshot("3-call-joined")

            // The joined call's own link, copied with I, is the link it was joined by.
            desktop.key(.character("i"))
            try session.waitForEvents("toast", ["message": "Invite link copied"])
            _ = try desktop.screenshot("4-invite-link-copied")
            let clipboard = try run("/usr/bin/xclip", ["-o", "-selection", "clipboard"], on: desktop, environment: [:])
            XCTAssertEqual(clipboard.output, link)
        }
    }
}
