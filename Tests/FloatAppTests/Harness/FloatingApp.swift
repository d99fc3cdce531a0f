import CX11
import Foundation
import TestSupport
import XCTest

/// A corner of the work area where the float comes to rest (SPEC P4, P7).
enum FloatCorner: CaseIterable, CustomStringConvertible {
    case topLeft, topRight, bottomLeft, bottomRight

    /// Whether the corner lies on the left edge.
    var isLeft: Bool { self == .topLeft || self == .bottomLeft }
    /// Whether the corner lies on the top edge.
    var isTop: Bool { self == .topLeft || self == .topRight }

    /// The corner's name in the state file (`"corner": "bottom_right"`).
    var stateName: String {
        switch self {
        case .topLeft: "top_left"
        case .topRight: "top_right"
        case .bottomLeft: "bottom_left"
        case .bottomRight: "bottom_right"
        }
    }

    /// The corner's name in `snap_target` stats events, e.g. "bottomRight".
    var description: String {
        switch self {
        case .topLeft: "topLeft"
        case .topRight: "topRight"
        case .bottomLeft: "bottomLeft"
        case .bottomRight: "bottomRight"
        }
    }
}

/// floatapp playing one live room in its float on a test desktop, with the expectations of
/// SPEC P3/P4 (size and corners of the work area inset by 16 px) at hand.
final class FloatingApp {
    /// Gap between a resting float and the work area's edges.
    static let margin = 16
    /// How far (px) a measured edge may be from the expected one.
    static let tolerance = 2

    let desktop: TestDesktop
    let app: AppProcess
    let stats: StatsFile
    /// The float window (the client window, not openbox's frame).
    let float: Window
    /// The room's id in the rooms file.
    let roomID: String
    /// The folder used as `$XDG_STATE_HOME`.
    let stateHome: URL

    /// The state file the app keeps its placement in (P15).
    var stateFile: URL { stateHome.appendingPathComponent("floatapp/state.json") }

    /// Writes a rooms file with one live lavfi room of `video` size, starts the app with
    /// `--open ROOM --float` and waits until the float window is viewable.
    ///
    /// `stateHome` (default: a folder in the desktop's scratch space) is passed as
    /// `$XDG_STATE_HOME`, so a second app can share it; `options` go on the command line too.
    static func launch(
        in testCase: XCTestCase, on desktop: TestDesktop, video: (width: Int, height: Int) = (640, 360),
        stateHome: URL? = nil, name: String = "app", options: [String] = [], environment: [String: String] = [:]
    ) throws -> FloatingApp {
        let roomID = "motion-live"
        let folder = desktop.workFolder
        let rooms = folder.appendingPathComponent("rooms.json")
        let text = """
            {"rooms": [{"id": "\(roomID)", "title": "Motion Live", "kind": "live",
              "source": "lavfi:testsrc2=size=\(video.width)x\(video.height):rate=30"}]}
            """
        try text.write(to: rooms, atomically: true, encoding: .utf8)
        let state = stateHome ?? folder.appendingPathComponent("state")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let stats = StatsFile(url: folder.appendingPathComponent("\(name)-stats.jsonl"))
        let app = try AppProcess.launch(
            ["--rooms", rooms.path, "--open", roomID, "--float", "--stats", stats.url.path] + options,
            on: desktop, for: testCase, environment: environment.merging(["XDG_STATE_HOME": state.path]) { _, own in own })
        let float: Window
        do {
            float = try desktop.waitForWindow(.title("Motion Live - PiP"), timeout: 20)
        } catch {
            throw HarnessError("\(error)\n\(app.outputTail())")
        }
        return FloatingApp(desktop: desktop, app: app, stats: stats, float: float, roomID: roomID, stateHome: state)
    }

    private init(desktop: TestDesktop, app: AppProcess, stats: StatsFile, float: Window, roomID: String, stateHome: URL) {
        self.desktop = desktop
        self.app = app
        self.stats = stats
        self.float = float
        self.roomID = roomID
        self.stateHome = stateHome
    }

    /// The work area now; fails when the window manager sets none.
    func workArea() throws -> DesktopRect {
        try XCTUnwrap(desktop.workArea(), "the window manager sets _NET_WORKAREA")
    }

    /// The float's outer frame now, if it exists.
    var frame: DesktopRect? { desktop.frameGeometry(of: float) }

    /// The frame a float of `size` has when resting at `corner` of `workArea` (inset by 16 px).
    static func frame(at corner: FloatCorner, size: (width: Int, height: Int), in workArea: DesktopRect) -> DesktopRect {
        DesktopRect(
            x: corner.isLeft ? workArea.minX + margin : workArea.maxX - margin - size.width,
            y: corner.isTop ? workArea.minY + margin : workArea.maxY - margin - size.height,
            width: size.width, height: size.height)
    }

    /// Whether every edge of `actual` lies within the tolerance of `expected`.
    static func matches(_ actual: DesktopRect, _ expected: DesktopRect) -> Bool {
        abs(actual.minX - expected.minX) <= tolerance && abs(actual.minY - expected.minY) <= tolerance
            && abs(actual.maxX - expected.maxX) <= tolerance && abs(actual.maxY - expected.maxY) <= tolerance
    }

    /// Waits until the float's frame matches `expected` (within the tolerance) and returns it.
    @discardableResult
    func waitForFrame(_ expected: DesktopRect, _ what: String, timeout: TimeInterval = 5) throws -> DesktopRect {
        var last: DesktopRect?
        return try eventuallyValue(
            "\(what): the float reaches \(expected) (last seen \(last?.description ?? "none"))", timeout: timeout
        ) { () -> DesktopRect? in
            last = frame
            guard let current = last, Self.matches(current, expected) else { return nil }
            return current
        }
    }

    /// Waits until the float rests at `corner` of the current work area with `size`.
    @discardableResult
    func waitForCorner(
        _ corner: FloatCorner, size: (width: Int, height: Int), _ what: String, timeout: TimeInterval = 5
    ) throws -> DesktopRect {
        let expected = Self.frame(at: corner, size: size, in: try workArea())
        return try waitForFrame(expected, "\(what) (\(corner) of \(try workArea()))", timeout: timeout)
    }

    /// The targets of the `snap_target` events written so far, as the app names them.
    func snapTargets() -> [String] {
        stats.events(named: "snap_target").compactMap { $0.fields["target"] }
    }

    /// Waits until the newest `snap_target` event after the first `count` names `corner`.
    func waitForSnapTarget(_ corner: FloatCorner, after count: Int, timeout: TimeInterval = 5) throws {
        try eventually(
            "a snap_target event for \(corner) after the first \(count): \(snapTargets())", timeout: timeout
        ) {
            let targets = snapTargets()
            return targets.count > count && targets.last.map { $0.contains(".\(corner))") } == true
        }
    }

    /// Waits for the first `snap_target` event after the first `count` and returns the corner it
    /// names, or nil for any other target (a stash); then waits until the float rests there.
    func waitForLanding(after count: Int, size: (width: Int, height: Int), timeout: TimeInterval = 5) throws
        -> FloatCorner?
    {
        let target = try eventuallyValue(
            "a snap_target event after the first \(count): \(snapTargets())", timeout: timeout
        ) { () -> String? in
            let targets = snapTargets()
            return targets.count > count ? targets.last : nil
        }
        guard let corner = FloatCorner.allCases.first(where: { target.contains(".\($0))") }) else { return nil }
        try waitForCorner(corner, size: size, "the float settles where the snap_target event \(target) says")
        return corner
    }

    /// The centre of the float now; fails when the float is gone.
    func center() throws -> DesktopPoint {
        try XCTUnwrap(frame, "the float exists").center
    }

    /// Presses on the float's centre and flings the pointer by `dx`, `dy` in `duration`,
    /// releasing while it still moves.
    func fling(by dx: Int, _ dy: Int, duration: TimeInterval = 0.1) throws {
        let start = try center()
        desktop.fling(from: start, to: start.offsetBy(dx, dy), duration: duration, steps: 8)
    }

    /// The default float size on `workArea` for a video of `video` size (P3): a quarter of
    /// the usable width, the height from the video's aspect ratio; after `steps` 10% resize
    /// steps (P11, negative shrinks) when given.
    static func defaultSize(
        in workArea: DesktopRect, video: (width: Int, height: Int) = (640, 360), steps: Int = 0
    ) -> (width: Int, height: Int) {
        let width = Double(workArea.width) * 0.25 * pow(1.1, Double(steps))
        let height = width * Double(video.height) / Double(video.width)
        return (Int(width.rounded()), Int(height.rounded()))
    }

    /// Gives the float keyboard focus (openbox does not focus it on map) and waits for it.
    func focusFloat() throws {
        try eventually("the float becomes the active window: \(desktop.describe(float))", timeout: 5, poll: 0.2) {
            if desktop.activeWindow() == float { return true }
            desktop.activate(float)
            return false
        }
    }

    /// Runs `body`; on failure saves a screenshot named `failure` and adds the app's output.
    func run(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch {
            _ = try? desktop.screenshot("failure")
            let state = app.process.exitStatus.map { "the app ended: \($0)" } ?? "the app runs"
            throw HarnessError("\(error)\n\(state)\n\(motionTail())\n\(app.outputTail())")
        }
    }

    /// The last motion events of the stats file, for failure messages.
    func motionTail(_ count: Int = 20) -> String {
        let motion = stats.events().filter { ["float_move", "snap_target", "float_shown", "float_hidden"].contains($0.name) }
        return "last motion events:\n" + motion.suffix(count).map { event in
            "  \(event.time) \(event.name) " + event.fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                .joined(separator: " ")
        }.joined(separator: "\n")
    }
}
