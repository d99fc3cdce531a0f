import CX11
import Foundation
import TestSupport
import XCTest

/// One room of the rooms file a session test writes (SPEC R2).
struct TestRoom {
    /// Moving test pattern with a tone: frames differ over time.
    static let movingSource = "lavfi:testsrc2=size=640x360:rate=30[out0];sine=f=440[out1]"
    /// A still, uniform picture with a tone: pixels change only when something is drawn over it.
    static let stillSource = "lavfi:color=c=0x4080c0:size=640x360:rate=30[out0];sine=f=330[out1]"

    let id: String
    let title: String
    var role = "audience"
    var source = TestRoom.movingSource

    /// The room as a JSON object.
    var json: String {
        """
        {"id": "\(id)", "title": "\(title)", "kind": "live", "role": "\(role)", "source": "\(source)"}
        """
    }
}

/// A running floatapp on its own desktop: its stats log, its main window and the rooms it lists.
final class SessionRun {
    let desktop: TestDesktop
    let app: AppProcess
    let stats: StatsFile
    let main: Window
    let rooms: [TestRoom]
    /// The list row the app has selected, as far as this run moved it.
    private var selectedRow = 0

    init(desktop: TestDesktop, app: AppProcess, stats: StatsFile, main: Window, rooms: [TestRoom]) {
        self.desktop = desktop
        self.app = app
        self.stats = stats
        self.main = main
        self.rooms = rooms
    }

    /// The main window's client area.
    func mainRect() throws -> DesktopRect {
        try XCTUnwrap(desktop.geometry(of: main), "the main window is gone")
    }

    /// The app's UI scale, from the main window's size (960 points wide at start).
    func scale() throws -> Double {
        Double(try mainRect().width) / 960
    }

    /// Activates the main window as a pager would and waits until it has the focus.
    func focusMain() throws {
        desktop.activate(main)
        try eventually("the main window becomes active\n\(desktop.describeClients())", timeout: 5) {
            desktop.activeWindow() == main
        }
    }

    /// Opens `room` from the list with the keyboard; waits until the main window presents its frames.
    @discardableResult
    func openFromList(_ room: TestRoom) throws -> StatsEvent {
        let row = try XCTUnwrap(rooms.firstIndex { $0.id == room.id }, "no room \(room.id)")
        let since = lastTime()
        try focusMain()
        for _ in 0..<abs(row - selectedRow) {
            desktop.key(row > selectedRow ? .down : .up)
        }
        selectedRow = row
        desktop.key(.returnKey)
        return try waitForMainFrame(of: room, after: since)
    }

    /// Waits for a main-window frame of `room` presented after `time` (stats clock, ms).
    @discardableResult
    func waitForMainFrame(of room: TestRoom, after time: Double, timeout: TimeInterval = 10) throws -> StatsEvent {
        try eventuallyValue("the main window presents a frame of \(room.id) after t=\(time)", timeout: timeout) {
            frames("main", of: room).first { $0.time > time }
        }
    }

    /// Waits until the main window is painted (mostly not black), e.g. after the window
    /// manager's un-minimize animation.
    func waitForMainPicture(timeout: TimeInterval = 5) throws {
        // While openbox animates an un-minimize the window may still lie off screen: not painted yet.
        try eventually("the main window is painted", timeout: timeout) {
            ((try? desktop.grab(window: main))?.darkFraction() ?? 1) < 0.5
        }
    }

    /// Waits until the float of `room` is viewable where its last `float_shown` event put it.
    func waitForFloat(of room: TestRoom, timeout: TimeInterval = 10) throws -> (window: Window, rect: DesktopRect) {
        let window = try desktop.waitForWindow(.title("\(room.title) - PiP"), timeout: timeout)
        let rect = try eventuallyValue(
            "the float sits where float_shown says: \(desktop.describe(window))", timeout: 5
        ) { () -> DesktopRect? in
            guard let shown = stats.events(named: "float_shown", matching: ["room": room.id]).last,
                let x = shown.int("x"), let y = shown.int("y"), let w = shown.int("w"), let h = shown.int("h"),
                let rect = desktop.geometry(of: window), rect == DesktopRect(x: x, y: y, width: w, height: h)
            else { return nil }
            return rect
        }
        return (window, rect)
    }

    /// Waits until no float is viewable.
    func waitUntilNoFloat(timeout: TimeInterval = 5) throws {
        try desktop.waitUntilGone(.titleSuffix(" - PiP"), timeout: timeout)
    }

    /// Viewable windows whose title ends with " - PiP".
    func viewableFloats() -> [Window] {
        desktop.findWindows(.titleSuffix(" - PiP")).filter { desktop.mapState(of: $0) == .viewable }
    }

    /// Every float window the app made, shown or hidden (class `PictureInPicture`): the app
    /// makes one hidden at start and reuses it, so there is exactly one.
    func floatWindows() -> [Window] {
        desktop.findWindows(.wmClass("PictureInPicture"))
    }

    /// The centre of the first button of the full view's control bar, in root coordinates: the
    /// PiP control when PiP is enabled (RoomView lays it out 16 px from the left, 40 px square,
    /// in a 64 px bar at the bottom).
    func firstControlPoint() throws -> DesktopPoint {
        let rect = try mainRect()
        let scale = try scale()
        return DesktopPoint(x: rect.x + Int((36 * scale).rounded()), y: rect.maxY - Int((32 * scale).rounded()))
    }

    /// The `lifecycle` events written so far, by name.
    func lifecycle() -> [String] {
        stats.events(named: "lifecycle").compactMap { $0.fields["event"] }
    }

    /// Frames presented in `window` ("main" or "float") for `room`, oldest first.
    func frames(_ window: String, of room: TestRoom) -> [StatsEvent] {
        stats.events(named: "frame", matching: ["window": window, "room": room.id])
    }

    /// The time of the newest event written so far (stats clock, ms), or -1.
    func lastTime() -> Double {
        stats.events().last?.time ?? -1
    }

    /// Saves a screenshot of the whole screen as `<name>.png` in the test's artifacts.
    func screenshot(_ name: String) throws {
        try desktop.screenshot(name)
    }
}

extension StatsEvent {
    /// A field as an integer.
    func int(_ key: String) -> Int? {
        fields[key].flatMap { Double($0) }.map { Int($0.rounded()) }
    }

    /// The `pts` field of a frame, in seconds.
    var pts: Double? {
        fields["pts"].flatMap { Double($0) }
    }
}

/// Base class of the session tests: a desktop with openbox, a rooms file, floatapp with `--stats`.
class SessionE2ETestCase: DesktopTestCase {
    /// Writes the rooms file, starts a desktop and the app, and waits for the main window.
    func startSession(
        _ rooms: [TestRoom], settings: String? = nil, arguments: [String] = []
    ) throws -> SessionRun {
        let desktop = try startDesktop()
        let file = desktop.workFolder.appendingPathComponent("rooms.json")
        let body = rooms.map(\.json).joined(separator: ",\n  ")
        let settingsPart = settings.map { ",\n\"settings\": \($0)" } ?? ""
        try "{\"rooms\": [\n  \(body)\n]\(settingsPart)}\n".write(to: file, atomically: true, encoding: .utf8)
        let stats = StatsFile(url: desktop.workFolder.appendingPathComponent("stats.jsonl"))
        let app = try launchApp(["--rooms", file.path, "--stats", stats.url.path] + arguments, on: desktop)
        let main = try desktop.waitForWindow(.title("FloatApp"), timeout: 30)
        return SessionRun(desktop: desktop, app: app, stats: stats, main: main, rooms: rooms)
    }

    /// Runs `body`; on an error saves a failure screenshot and adds the app's output and the windows.
    func inSession(_ session: SessionRun, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch {
            _ = try? session.desktop.screenshot("failure")
            throw HarnessError("\(error)\n\(session.desktop.describeClients())\n\(session.app.outputTail())")
        }
    }
}
