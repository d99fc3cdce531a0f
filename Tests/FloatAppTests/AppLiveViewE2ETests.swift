import Foundation
import TestSupport
import XCTest

/// The live full view (W3): its control bar hides after 3 s without pointer motion and comes back on motion.
/// The stats log has every step of the start in order (`bench/coldstart.py`'s timeline).
final class AppLiveViewE2ETests: AppE2ETestCase {
    /// Height of the control bar at the bottom of the full view, at scale 1.
    private let barHeight = 64
    /// The colour of icons and the volume knob (Theme.text).
    private let iconColor = RGB(red: 0xec, green: 0xee, blue: 0xf2)

    /// Whether the bar region shows controls: icon-coloured pixels, which the still dim-blue video lacks.
    private func showsControls(_ bar: Image) -> Bool {
        bar.fraction(matching: iconColor, tolerance: 24) > 0.002
    }

    func testControlBarHidesAfterThreeSecondsWithoutMotionAndReturnsOnMotion() throws {
        let session = try startApp(
            rooms: [.live("still", title: "Still Live", source: RoomsFixture.colorSource("2a6f97"))],
            arguments: ["--open", "still"])
        try session.run {
            let desktop = session.desktop
            try session.waitForMainFrames(of: "still")
            checkStartupSteps(session)
            let window = try session.mainRect()
            let bar = DesktopRect(x: window.x, y: window.maxY - barHeight, width: window.width, height: barHeight)

            desktop.moveMouse(to: window.center.offsetBy(-40, -30))
            let moved = Date()
            let withControls = try eventuallyValue("the control bar shows after pointer motion", timeout: 2) {
                () -> Image? in
                let image = try desktop.grab(bar)
                return showsControls(image) ? image : nil
            }
            try desktop.screenshot("1-controls")

            let withoutControls = try eventuallyValue("the control bar hides", timeout: 6, poll: 0.05) {
                () -> Image? in
                let image = try desktop.grab(bar)
                return showsControls(image) ? nil : image
            }
            let hiddenAfter = Date().timeIntervalSince(moved)
            try desktop.screenshot("2-hidden")
            XCTAssertGreaterThanOrEqual(hiddenAfter, 2.8, "the controls stay at least 3 s after the last motion")
            XCTAssertLessThan(hiddenAfter, 4.5, "the controls hide about 3 s after the last motion")
            XCTAssertGreaterThan(
                withControls.meanAbsoluteDifference(to: withoutControls), 2,
                "the bar region looks different with and without controls")

            desktop.moveMouse(by: 6, 4)
            let back = try eventuallyValue("the control bar comes back on motion", timeout: 1) { () -> Image? in
                let image = try desktop.grab(bar)
                return showsControls(image) ? image : nil
            }
            XCTAssertLessThan(
                back.meanAbsoluteDifference(to: withControls), 2, "the same controls come back")
        }
    }

    /// The shell's steps and the source's come in order, each once.
    private func checkStartupSteps(_ session: RunningApp) {
        let logged = session.stats.events(named: "startup").map { ($0.fields["step"] ?? "", $0.time) }
        let steps = Dictionary(logged) { first, _ in first }
        let shell = ["main", "sdl", "text", "window", "shown", "float", "audio", "started", "a11y"], source = ["opening", "opened", "probed", "key", "decoded"]
        XCTAssertEqual(logged.map(\.0).sorted(), (shell + source).sorted(), "each step once: \(logged)")
        for times in [shell.compactMap { steps[$0] }, source.compactMap { steps[$0] }] {
            XCTAssertEqual(times, times.sorted(), "the steps in order: \(logged)")
        }
    }
}
