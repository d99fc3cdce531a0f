import CX11
import Foundation
import TestSupport
import XCTest

/// FloatApp running on its own test desktop with a rooms file and a stats file.
final class RunningApp {
    /// The desktop the app runs on.
    let desktop: TestDesktop
    /// The app process.
    let app: AppProcess
    /// The app's `--stats` output.
    let stats: StatsFile
    /// The main window, once it is viewable.
    let mainWindow: Window

    /// Launches the app with `--rooms roomsFile` (none: the user's rooms file or the built-in
    /// one), `--stats` and `arguments`, and waits for its main window.
    init(
        roomsFile: URL?, arguments: [String], on desktop: TestDesktop, launch: ([String]) throws -> AppProcess
    ) throws {
        self.desktop = desktop
        stats = StatsFile(url: desktop.workFolder.appendingPathComponent("stats.jsonl"))
        app = try launch((roomsFile.map { ["--rooms", $0.path] } ?? []) + ["--stats", stats.url.path] + arguments)
        do {
            mainWindow = try desktop.waitForWindow(.title("FloatApp"), timeout: 30)
        } catch {
            throw HarnessError("\(error)\n\(app.outputTail())")
        }
    }

    /// The main window's client area in root coordinates.
    func mainRect() throws -> DesktopRect {
        guard let rect = desktop.geometry(of: mainWindow) else {
            throw HarnessError("the main window is gone\n\(desktop.describeClients())")
        }
        return rect
    }

    /// Makes the main window the active, focused window.
    func focusMain() throws {
        try desktop.focus(mainWindow)
    }

    /// Waits until the main window has presented a frame of room `id`.
    func waitForMainFrames(of id: String, timeout: TimeInterval = 10) throws {
        try eventually("the main window presents frames of \(id)", timeout: timeout) {
            !stats.events(named: "frame", matching: ["window": "main", "room": id]).isEmpty
        }
    }

    /// Waits until at least `count` events named `name` with `fields` are in the stats file.
    @discardableResult
    func waitForEvents(
        _ name: String, _ fields: [String: String] = [:], count: Int = 1, timeout: TimeInterval = 5
    ) throws -> [StatsEvent] {
        try eventuallyValue(
            "\(count) \(name) event(s) with \(fields) (stats has: \(summary()))", timeout: timeout
        ) { () -> [StatsEvent]? in
            let found = stats.events(named: name, matching: fields)
            return found.count >= count ? found : nil
        }
    }

    /// The float window of room `title`, once it is viewable.
    func waitForFloat(of title: String, timeout: TimeInterval = 10) throws -> Window {
        try desktop.waitForWindow(.title("\(title) - PiP"), timeout: timeout)
    }

    /// Waits until no float is viewable.
    func waitUntilFloatIsGone(timeout: TimeInterval = 5) throws {
        try desktop.waitUntilGone(.titleSuffix(" - PiP"), timeout: timeout)
    }

    /// Runs `body`; on failure saves a screenshot and adds the app's output to the error.
    func run(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch {
            _ = try? desktop.screenshot("failure")
            throw HarnessError("\(error)\n\(app.outputTail())")
        }
    }

    /// The stats events other than frames, one short line, for failure messages.
    func summary() -> String {
        stats.events().filter { $0.name != "frame" }.suffix(30).map { event in
            event.name + "(" + event.fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                .joined(separator: ",") + ")"
        }.joined(separator: " ")
    }
}
