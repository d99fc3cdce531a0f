import Foundation
import TestSupport
import XCTest

/// SPEC P7 and P8 on two monitors of different sizes under openbox (a 48 px bottom margin as
/// a panel): a 1920x1080 monitor left of a 1280x1024 one, top-aligned, in one X screen (Xorg
/// with the dummy driver, one RandR output each, as SDL reads them). The float opens on the
/// main window's monitor; a slow drag onto the other settles in its nearest corner; a fling
/// toward the other carries it there; a hard fling at the shared edge does not stash, at the
/// outer edge it does. Input is XTEST, paced like a hand. With `FLOATAPP_UPDATE_SCREENSHOTS=1`
/// the float flung onto the smaller monitor is the user guide's `docs/screenshots/two-monitors.png`.
final class TwoMonitorsE2ETests: XCTestCase {
    private static let monitors = [DesktopRect(x: 0, y: 0, width: 1920, height: 1080),
                                   DesktopRect(x: 1920, y: 0, width: 1280, height: 1024)]

    /// The usable area of each monitor as SDL computes it: the work area within the monitor.
    private func usable(_ floating: FloatingApp) throws -> [DesktopRect] {
        let workArea = try floating.workArea()
        return try Self.monitors.map { try XCTUnwrap($0.intersection(workArea), "the work area covers \($0)") }
    }

    /// Waits for a new snap target after the first `count`, then until the float rests at
    /// `corner` of monitor `index` with `size`; answers the target's text.
    @discardableResult
    private func waitForRest(
        _ floating: FloatingApp, after count: Int, at corner: FloatCorner, of index: Int, size: (width: Int, height: Int),
        _ what: String
    ) throws -> String {
        let target = try eventuallyValue("\(what): a snap_target event after \(count): \(floating.snapTargets())") { () -> String? in
            let targets = floating.snapTargets()
            return targets.count > count ? targets.last : nil
        }
        let expected = FloatingApp.frame(at: corner, size: size, in: try usable(floating)[index])
        try floating.waitForFrame(expected, "\(what) (snap target \(target))")
        return target
    }

    /// Starts the desktop and the app floating a live room, and waits until the float rests at
    /// the bottom-right corner of the main window's monitor with a quarter of its usable width
    /// (P3, P4); answers the app, the monitors' usable areas and the main window's monitor,
    /// which must be `expectedHome` when given.
    private func launchFloat(
        _ label: String, expectedHome: Int? = nil
    ) throws -> (floating: FloatingApp, areas: [DesktopRect], home: Int) {
        let desktop = try TestDesktop.start(
            for: self, windowManager: .openbox(margins: EdgeInsets(bottom: 48)), monitors: Self.monitors, timeout: 30)
        let floating = try FloatingApp.launch(in: self, on: desktop, name: label)
        var opened: (areas: [DesktopRect], home: Int)?
        try floating.run {
            let areas = try usable(floating)
            let main = try desktop.waitForWindow(.title("FloatApp"), timeout: 10)
            let mainCentre = try XCTUnwrap(desktop.frameGeometry(of: main)).center
            let home = try XCTUnwrap(Self.monitors.firstIndex { $0.contains(mainCentre) }, "main window at \(mainCentre)")
            if let expectedHome { XCTAssertEqual(home, expectedHome, "openbox puts the main window on monitor \(expectedHome)") }
            try floating.waitForFrame(
                FloatingApp.frame(at: .bottomRight, size: FloatingApp.defaultSize(in: areas[home]), in: areas[home]),
                "the float opens on the main window's monitor \(home)")
            opened = (areas, home)
        }
        let (areas, home) = try XCTUnwrap(opened)
        return (floating, areas, home)
    }

    func testTheFloatFollowsTheRulesOfTwoMonitors() throws {
        let (floating, areas, home) = try launchFloat("two-monitors")
        let desktop = floating.desktop
        var generator = FlingGenerator(seed: SeededRandom.runSeed(for: "\(name) two monitors"))
        try floating.run {
            let size = FloatingApp.defaultSize(in: areas[home])
            try desktop.screenshot("two-monitors-opened")

            // A slow drag onto the other monitor, released with the centre in its top-left quadrant.
            let other = 1 - home
            let target = DesktopPoint(x: areas[other].minX + areas[other].width / 4, y: areas[other].minY + areas[other].height / 3)
            var seen = floating.snapTargets().count
            let frame = try XCTUnwrap(floating.frame)
            let grab = frame.center
            desktop.replay(generator.slowDrag(from: grab, to: target))
            try waitForRest(floating, after: seen, at: .topLeft, of: other, size: size, "a slow release on monitor \(other)")
            try desktop.screenshot("two-monitors-slow-drag")

            // Back home: a fling from the corner next to the shared edge toward it carries the float over.
            seen = floating.snapTargets().count
            try flingAcross(floating, from: other, size: size, areas: areas, generator: &generator)
            let towardHome: FloatCorner = home == 0 ? .topLeft : .topRight
            try waitForRest(floating, after: seen, at: towardHome, of: home, size: size, "a fling back to monitor \(home)")
            try desktop.screenshot("two-monitors-flung-back")
        }
    }

    /// The float opens on the monitor of the main window: restored (Esc), the main window moved
    /// onto the smaller monitor, and floated again (P), the float rests at that monitor's
    /// bottom-right corner with a quarter of its usable width.
    func testTheFloatOpensOnTheMainWindowsMonitor() throws {
        let (floating, areas, _) = try launchFloat("two-monitors-home", expectedHome: 0)
        let desktop = floating.desktop
        try floating.run {
            try floating.focusFloat()
            desktop.key(.escape)
            try desktop.waitUntilGone(.title("Motion Live - PiP"), timeout: 5)
            let main = try desktop.waitForWindow(.title("FloatApp"), timeout: 5)
            let moved = try ChildProcess.run(
                "/usr/bin/xdotool", ["windowmove", "\(main)", "2100", "100"], environment: ["DISPLAY": desktop.display],
                in: desktop.artifactsFolder, name: "xdotool-windowmove")
            XCTAssertEqual(moved.status, .exited(0), moved.stderr)
            try eventually("the main window is on monitor 1: \(desktop.describe(main))") {
                desktop.frameGeometry(of: main).map { Self.monitors[1].contains($0.center) } == true
            }
            desktop.activate(main)
            desktop.key(.p)
            let float = try desktop.waitForWindow(.title("Motion Live - PiP"), timeout: 10)
            let size = FloatingApp.defaultSize(in: areas[1])
            let expected = FloatingApp.frame(at: .bottomRight, size: size, in: areas[1])
            var last: DesktopRect?
            try eventually("the float rests at \(expected) on monitor 1 (now \(last?.description ?? "none"))") {
                last = desktop.frameGeometry(of: float)
                return last.map { FloatingApp.matches($0, expected) } == true
            }
            try desktop.screenshot("two-monitors-opened-on-main-monitor")
        }
    }

    /// P19 on two monitors: dragged onto the smaller monitor, the dismiss target shows at the
    /// bottom centre of that monitor's usable area, under the pointer; dropped there, the float
    /// is released.
    func testTheDismissTargetIsOnTheMonitorUnderThePointer() throws {
        let (floating, areas, _) = try launchFloat("two-monitors-dismiss", expectedHome: 0)
        let desktop = floating.desktop
        var generator = FlingGenerator(seed: SeededRandom.runSeed(for: "\(name) two monitors"))
        try floating.run {
            let frame = try XCTUnwrap(floating.frame)
            let bottomCentre = DesktopPoint(x: areas[1].center.x, y: areas[1].maxY - 80)
            desktop.replay(generator.slowDrag(from: frame.center, to: bottomCentre), releasing: false)
            var held = true
            defer { if held { desktop.release() } }
            let target = try eventuallyValue("a dismiss target at the bottom centre of monitor 1 (\(areas[1]))\n"
                + desktop.describeClients()) { () -> DesktopRect? in
                desktop.clientWindows(ofProcess: floating.app.process.pid)
                    .filter { $0 != floating.float && desktop.mapState(of: $0) == .viewable && desktop.title(of: $0) != "FloatApp" }
                    .compactMap { desktop.frameGeometry(of: $0) }
                    .first { abs($0.center.x - areas[1].center.x) <= 10 && areas[1].contains($0.center) }
            }
            try desktop.screenshot("two-monitors-dismiss-target")
            Thread.sleep(forTimeInterval: FlingGenerator.restBeforeSlowRelease)
            desktop.release()
            held = false
            try desktop.waitUntilGone(.id(floating.float), timeout: 5)
            XCTAssertTrue(floating.app.isRunning, "releasing the float keeps the app running (target was \(target))")
        }
    }

    /// A hard sideways fling (5,000 px/s) released before the shared edge carries the float
    /// over to the far corner of the neighbour, with no stash at the shared edge; the same
    /// fling toward the desktop's outer edge stashes it there with a 32 px strip.
    func testAHardFlingStashesOnlyAtTheOuterEdge() throws {
        let (floating, areas, _) = try launchFloat("two-monitors-stash", expectedHome: 0)
        let desktop = floating.desktop
        var generator = FlingGenerator(seed: SeededRandom.runSeed(for: "\(name) two monitors"))
        try floating.run {
            let size = FloatingApp.defaultSize(in: areas[0])
            try moveToCorner(floating, .topRight, of: 0, size: size, areas: areas, generator: &generator)
            var seen = floating.snapTargets().count
            let start = try floating.center()
            // 200 px in 40 ms: the float's centre (256 px from the shared edge) is let go short of it.
            desktop.fling(from: start, to: start.offsetBy(200, 0), duration: 0.04, steps: 5)
            try waitForRest(floating, after: seen, at: .topRight, of: 1, size: size, "a hard fling at the shared edge")
            try desktop.screenshot("two-monitors-hard-fling-across")
            if ProcessInfo.processInfo.environment["FLOATAPP_UPDATE_SCREENSHOTS"] == "1" {
                let readme = TestPaths.packageRoot.appendingPathComponent("docs/screenshots/two-monitors.png")
                try desktop.screenshot(of: desktop.screen, scaledTo: 40, outlined: Self.monitors, to: readme)
            }

            seen = floating.snapTargets().count
            let again = try floating.center()
            desktop.fling(from: again, to: again.offsetBy(200, 0), duration: 0.04, steps: 5)
            let target = try eventuallyValue("a snap_target after \(seen): \(floating.snapTargets())") { () -> String? in
                let targets = floating.snapTargets()
                return targets.count > seen ? targets.last : nil
            }
            XCTAssertTrue(target.contains("stashed"), "a hard fling at the outer edge stashes: \(target)")
            var strip: DesktopRect?
            try eventually("a 32 px strip rests at the desktop's right edge (now \(strip?.description ?? "nothing"))") {
                strip = floating.frame.flatMap { $0.intersection(desktop.screen) }
                guard let visible = strip else { return false }
                return abs(visible.width - 32) <= 1 && visible.maxX == Self.monitors[1].maxX
            }
            try desktop.screenshot("two-monitors-stashed-outer-edge")
        }
    }

    /// Moves the float to `corner` of monitor `index` with a slow drag (nothing when it rests there).
    private func moveToCorner(
        _ floating: FloatingApp, _ corner: FloatCorner, of index: Int, size: (width: Int, height: Int),
        areas: [DesktopRect], generator: inout FlingGenerator
    ) throws {
        let goal = FloatingApp.frame(at: corner, size: size, in: areas[index])
        let frame = try XCTUnwrap(floating.frame)
        guard !FloatingApp.matches(frame, goal) else { return }
        let seen = floating.snapTargets().count
        floating.desktop.replay(generator.slowDrag(from: frame.center, to: goal.center))
        try waitForRest(floating, after: seen, at: corner, of: index, size: size, "a slow drag to \(corner) of monitor \(index)")
    }

    /// Moves the float to the corner of monitor `index` next to the shared edge (a slow drag),
    /// then flings it across the edge like a hand (``FlingGenerator``).
    private func flingAcross(
        _ floating: FloatingApp, from index: Int, size: (width: Int, height: Int), areas: [DesktopRect],
        generator: inout FlingGenerator
    ) throws {
        let desktop = floating.desktop
        try moveToCorner(floating, index == 0 ? .topRight : .topLeft, of: index, size: size, areas: areas, generator: &generator)
        let start = try floating.center()
        let aim = (dx: Double((index == 0 ? 1 : -1) * 600), dy: 0.0)
        desktop.replay(generator.fling(from: start, aim: aim, within: desktop.screen.insetBy(2)))
    }
}
