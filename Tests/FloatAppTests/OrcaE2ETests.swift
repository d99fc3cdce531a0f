import Foundation
import TestSupport
import XCTest

/// X7 heard through a real screen reader: Debian's Orca on a private session bus with the
/// accessibility bus, speaking through a real speech-dispatcher whose output module (the
/// generic one) writes each utterance to a file instead of a sound card. Down arrowed through
/// the list like a hand makes Orca say the next room's title (its description without "middle
/// dot"), and Enter the opened room's title. `make test-orca` runs it (Orca
/// and speech-dispatcher are not in the test packages); Orca refuses to start while another
/// Orca of the same user runs.
final class OrcaE2ETests: AppE2ETestCase {
    private let rooms = [RoomsFixture.Room.live("alpha", title: "Alpha Room"), .live("beta", title: "Beta Room"),
                         .live("gamma", title: "Gamma Room")]

    /// What Orca said so far, one utterance a line.
    private func spoken(_ file: URL) -> [String] {
        ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Waits until Orca has said `words` after its first `count` utterances; what it said since.
    @discardableResult
    private func waitUntilSaid(_ words: String, after count: Int, in file: URL, timeout: TimeInterval = 8) throws -> [String] {
        try eventuallyValue("Orca says \(words) (it said \(spoken(file).dropFirst(count)))", timeout: timeout, poll: 0.05) {
            let said = Array(spoken(file).dropFirst(count))
            return said.contains { $0.contains(words) } ? said : nil
        }
    }

    /// A speech-dispatcher configuration in `folder` whose every voice is the generic module
    /// writing what it is given to `output`, and ALSA's null device as its sound card.
    private func speechConfiguration(in folder: URL, output: URL) throws -> URL {
        let config = folder.appendingPathComponent("speech-dispatcher")
        try FileManager.default.createDirectory(at: config.appendingPathComponent("modules"), withIntermediateDirectories: true)
        try """
        AddModule "file" "sd_generic" "file.conf"
        DefaultModule file
        LanguageDefaultModule "en" "file"
        AudioOutputMethod "alsa"
        AudioALSADevice "null"

        """.write(to: config.appendingPathComponent("speechd.conf"), atomically: true, encoding: .utf8)
        try """
        GenericExecuteSynth "echo \\'$DATA\\' >> \(output.path)"
        AddVoice "en" "MALE1" "file"
        GenericLanguage "en" "en" "utf-8"

        """.write(to: config.appendingPathComponent("modules/file.conf"), atomically: true, encoding: .utf8)
        return config
    }

    /// Starts speech-dispatcher on a socket in `folder`; its address, for `SPEECHD_ADDRESS`.
    private func startSpeech(in folder: URL, output: URL) throws -> String {
        let socket = folder.appendingPathComponent("speechd.sock").path
        let config = try speechConfiguration(in: folder, output: output)
        let server = try ChildProcess(
            executable: "/usr/bin/speech-dispatcher",
            arguments: ["--run-single", "--timeout", "0", "--config-dir", config.path, "--communication-method", "unix_socket",
                        "--socket-path", socket, "--log-dir", folder.path],
            environment: ["PATH": "/usr/bin:/bin", "HOME": folder.path],
            stdoutURL: folder.appendingPathComponent("speech-dispatcher.out"),
            stderrURL: folder.appendingPathComponent("speech-dispatcher.err"))
        addTeardownBlock { server.terminate(grace: 1) }
        try eventually("speech-dispatcher listens on \(socket)", timeout: 10) { unixSocketAccepts(socket) }
        return "unix_socket:" + socket
    }

    /// Starts Orca with its own settings folder and debug log; waits until it says it is on.
    private func startOrca(on desktop: TestDesktop, bus: SessionBus, speech: String, spoken: URL) throws -> ChildProcess {
        let folder = desktop.workFolder.appendingPathComponent("orca")
        let runtime = folder.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let environment = desktop.clientEnvironment(home: folder, extra: [
            "DBUS_SESSION_BUS_ADDRESS": bus.address, "SPEECHD_ADDRESS": speech, "XDG_RUNTIME_DIR": runtime.path,
            "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
        ])
        let orca = try ChildProcess(
            executable: "/usr/bin/orca",
            arguments: ["--user-prefs", folder.appendingPathComponent("prefs").path,
                        "--debug-file", desktop.artifactsFolder.appendingPathComponent("orca-debug.txt").path],
            environment: environment, stdoutURL: desktop.artifactsFolder.appendingPathComponent("orca.out"))
        addTeardownBlock { orca.terminate(grace: 1) }
        do {
            try waitUntilSaid("Screen reader on.", after: 0, in: spoken, timeout: 20)
        } catch {
            throw HarnessError("\(error)\n\(orca.outputTail())")
        }
        return orca
    }

    func testArrowingDownTheListOrcaSaysEachRoomsTitle() throws {
        let desktop = try startDesktop()
        let bus = try SessionBus(in: desktop.workFolder, for: self)
        try bus.startAccessibilityBus(in: desktop.workFolder, for: self)
        let spoken = desktop.artifactsFolder.appendingPathComponent("spoken.txt")
        try? FileManager.default.removeItem(at: spoken)
        let speech = try startSpeech(in: desktop.workFolder, output: spoken)
        let roomsFile = try RoomsFixture(rooms: rooms).write(in: desktop.workFolder)
        let session = try RunningApp(roomsFile: roomsFile, arguments: [], on: desktop) { arguments in
            try launchApp(arguments + ["--log-level", "info"], on: desktop, environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        }
        try session.run {
            _ = try startOrca(on: desktop, bus: bus, speech: speech, spoken: spoken)
            try session.focusMain()
            for title in ["Beta Room", "Gamma Room"] {
                let count = self.spoken(spoken).count
                // A hand's pace: a key about every half second, as a listener waits for each title.
                Thread.sleep(forTimeInterval: 0.4)
                desktop.key(.down)
                try waitUntilSaid(title + ".", after: count, in: spoken)
            }
            // Enter opens the room: its pane takes the keyboard and Orca says the room's title.
            let beforeEnter = self.spoken(spoken).count
            Thread.sleep(forTimeInterval: 0.4)
            desktop.key(.returnKey)
            try session.waitForMainFrames(of: "gamma")
            try waitUntilSaid("Gamma Room", after: beforeEnter, in: spoken)
            // In a room, i shows a toast (a lavfi room has no invite link): a notification Orca reads.
            let count = self.spoken(spoken).count
            Thread.sleep(forTimeInterval: 0.4)
            desktop.key(.character("i"))
            let toast = try XCTUnwrap(session.waitForEvents("toast").last?.fields["message"])
            try waitUntilSaid(toast, after: count, in: spoken)
            _ = try desktop.screenshot("toast-orca-read")
            let said = self.spoken(spoken)
            print("Orca said: \(said.joined(separator: " | "))")
            XCTAssertTrue(said.contains { $0.contains("Live stream, Audience") }, "a row's description is read as words")
            XCTAssertFalse(said.contains { $0.contains("middle dot") }, "and without the painted middle dot")
        }
    }
}
