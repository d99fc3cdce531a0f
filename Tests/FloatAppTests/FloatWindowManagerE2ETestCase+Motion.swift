import Foundation
import TestSupport
import XCTest

/// Motion checks on one window manager: seeded flings, slow releases, the stash strip and the
/// dismiss target, all driven by a hand's traces.
extension FloatWindowManagerE2ETestCase {
    /// P7: `flingCount` seeded flings, each from the corner the float rests at toward another
    /// corner, all land at the corner meant. Every miss is listed with its trace.
    ///
    /// A miss whose replay fell more than `replayTolerance` behind the trace is flung again (at
    /// most `replayRetries` times): the X server then saw the pointer stop or burst, not the
    /// hand's motion, so the miss says nothing about the float. Every fling is printed with its
    /// replay's timing; a float such a burst stashed is clicked back to a corner first.
    func checkFlingsLandWhereMeant() throws {
        let desktop = try desktop
        let floating = try launchFloat(on: desktop)
        var generator = FlingGenerator(seed: SeededRandom.runSeed(for: "\(name) flings"))
        try floating.run {
            let size = FloatingApp.defaultSize(in: try floating.workArea())
            var current = FloatCorner.bottomRight
            var misses: [String] = [], redone: [String] = []
            var index = 0
            while index < Self.flingCount {
                let meant = FloatCorner.allCases.filter { $0 != current }[generator.pick(0...2)]
                let trace = try fling(floating, from: current, to: meant, size: size, generator: &generator)
                let seen = floating.snapTargets().count
                let timing = desktop.replay(trace)
                let landed = try floating.waitForLanding(after: seen, size: size)
                let note = "fling \(index + 1) \(current) -> \(meant) landed at \(landed.map { "\($0)" } ?? "no corner"):"
                    + " \(trace); \(timing)"
                print(note)
                if landed != meant, timing.worstLateness > Self.replayTolerance, redone.count < Self.replayRetries {
                    redone.append(note)
                    current = try landed ?? unstash(floating, size: size)
                    continue
                }
                index += 1
                if landed != meant {
                    misses.append(note)
                    try screenshot(desktop, "miss-\(index)")
                }
                // A fling that stashed rests at no corner to fling from: report every miss so far.
                guard let landed else {
                    XCTFail("fling \(index) ended at no corner (\(floating.snapTargets().last ?? "")):\n"
                        + misses.joined(separator: "\n"))
                    return
                }
                current = landed
            }
            try screenshot(desktop, "after-flings")
            if !redone.isEmpty { print("flung again after a late replay:\n" + redone.joined(separator: "\n")) }
            XCTAssertTrue(
                misses.isEmpty,
                "\(misses.count) of \(Self.flingCount) flings missed the corner meant:\n" + misses.joined(separator: "\n"))
        }
    }

    /// Brings a float stashed at either side back with a click on its strip, once the strip
    /// rests at the edge, and returns the corner it lands at.
    private func unstash(_ floating: FloatingApp, size: (width: Int, height: Int)) throws -> FloatCorner {
        let screen = floating.desktop.screen
        let strip = try eventuallyValue("the stashed float rests as a 32 px strip at a side") { () -> DesktopRect? in
            guard let visible = visibleFloat(of: floating), abs(visible.width - 32) <= 1,
                  visible.minX == screen.minX || visible.maxX == screen.maxX else { return nil }
            return visible
        }
        let seen = floating.snapTargets().count
        floating.desktop.click(at: strip.center)
        return try XCTUnwrap(
            try floating.waitForLanding(after: seen, size: size), "a click on the strip brings the float back to a corner")
    }

    /// A hand's fling of the float resting at `current` toward the corner `meant`, grabbed at a
    /// random point of its middle half.
    private func fling(
        _ floating: FloatingApp, from current: FloatCorner, to meant: FloatCorner, size: (width: Int, height: Int),
        generator: inout FlingGenerator
    ) throws -> PointerTrace {
        let workArea = try floating.workArea()
        let from = FloatingApp.frame(at: current, size: size, in: workArea)
        let to = FloatingApp.frame(at: meant, size: size, in: workArea)
        let grab = DesktopPoint(
            x: from.minX + generator.pick(from.width / 4...from.width * 3 / 4),
            y: from.minY + generator.pick(from.height / 4...from.height * 3 / 4))
        return generator.fling(
            from: grab, aim: (Double(to.center.x - from.center.x), Double(to.center.y - from.center.y)),
            within: floating.desktop.screen.insetBy(2))
    }

    /// P7: a drag that rests 250 ms before release goes to the corner nearest the float's centre,
    /// from anywhere in each quadrant of the work area.
    func checkSlowReleasesGoToTheNearestCorner() throws {
        let desktop = try desktop
        let floating = try launchFloat(on: desktop)
        var generator = FlingGenerator(seed: SeededRandom.runSeed(for: "\(name) slow releases"))
        try floating.run {
            let workArea = try floating.workArea()
            let size = FloatingApp.defaultSize(in: workArea)
            for corner in [FloatCorner.topLeft, .topRight, .bottomLeft, .bottomRight] {
                // Somewhere in the corner's quadrant, clear of the middle lines by 8% of the area.
                let spanX = workArea.width * 42 / 100
                let spanY = workArea.height * 42 / 100
                let offsetX = generator.pick(0...spanX - 1)
                let offsetY = generator.pick(0...spanY - 1)
                let centre = DesktopPoint(
                    x: corner.isLeft ? workArea.minX + offsetX : workArea.maxX - offsetX,
                    y: corner.isTop ? workArea.minY + offsetY : workArea.maxY - offsetY)
                let trace = try slowDrag(floating, centre: centre, generator: &generator)
                let seen = floating.snapTargets().count
                let timing = desktop.replay(trace)
                let landed = try floating.waitForLanding(after: seen, size: size)
                XCTAssertEqual(landed, corner, "a slow release with the centre at \(centre): \(trace); \(timing)")
            }
            try screenshot(desktop, "after-slow-releases")
        }
    }

    /// P8: a release with most of the float off the right edge leaves exactly a 32 px strip
    /// (±1) of a default-size float on screen, at the edge; a click on it brings the float back.
    func checkStashShowsA32PixelStrip() throws {
        let desktop = try desktop
        let floating = try launchFloat(on: desktop)
        var generator = FlingGenerator(seed: SeededRandom.runSeed(for: "\(name) stash"))
        try floating.run {
            let workArea = try floating.workArea()
            let size = FloatingApp.defaultSize(in: workArea)
            let opened = try XCTUnwrap(floating.frame)
            // Grabbed near its left edge and carried to the screen's right edge: most of it is off.
            let grab = DesktopPoint(x: opened.minX + 20, y: opened.center.y)
            let trace = generator.slowDrag(from: grab, to: DesktopPoint(x: desktop.screen.maxX - 4, y: grab.y))
            let seen = floating.snapTargets().count
            desktop.replay(trace)
            XCTAssertNil(try floating.waitForLanding(after: seen, size: size), "the release stashes, at no corner")
            var strip: DesktopRect?
            try eventually("a 32 px strip rests at the right edge (now \(strip?.description ?? "nothing"))") {
                strip = visibleFloat(of: floating)
                guard let visible = strip else { return false }
                return abs(visible.width - 32) <= 1 && visible.maxX == workArea.maxX
            }
            try screenshot(desktop, "stashed")
            let shown = try XCTUnwrap(strip)
            XCTAssertLessThan(try desktop.grab(shown).darkFraction(), 0.5, "the strip shows the video")

            let back = floating.snapTargets().count
            desktop.click(at: shown.center)
            // Waited for outside the assertion, so a float that never settles fails with its motion events.
            let landed = try floating.waitForLanding(after: back, size: size)
            XCTAssertEqual(landed, .bottomRight, "a click on the strip")
            try screenshot(desktop, "unstashed")
        }
    }

    /// P19: dragging the float onto the target at the bottom centre of the work area shows the
    /// target while the button is down; releasing there releases the float (P10).
    func checkDragOntoTheDismissTargetReleasesTheFloat() throws {
        let desktop = try desktop
        let floating = try launchFloat(on: desktop)
        var generator = FlingGenerator(seed: SeededRandom.runSeed(for: "\(name) dismiss"))
        try floating.run {
            let workArea = try floating.workArea()
            let bottomCentre = DesktopPoint(x: workArea.center.x, y: workArea.maxY - 80)
            let trace = try slowDrag(floating, centre: bottomCentre, generator: &generator)
            desktop.replay(trace, releasing: false)
            var held = true
            defer { if held { desktop.release() } }
            let before = Set([floating.float])
            let target = try eventuallyValue("a dismiss target appears at the bottom centre of \(workArea)\n"
                + desktop.describeClients()) { () -> DesktopRect? in
                floatWindows(of: floating).filter { !before.contains($0) }
                    .compactMap { desktop.frameGeometry(of: $0) }
                    .first { abs($0.center.x - workArea.center.x) <= 10 && $0.center.y > workArea.center.y }
            }
            try screenshot(desktop, "dismiss-target")
            Thread.sleep(forTimeInterval: FlingGenerator.restBeforeSlowRelease)
            desktop.release()
            held = false
            try desktop.waitUntilGone(.id(floating.float), timeout: 5)
            try eventually("the room stops: \(floating.stats.events(named: "stop").map(\.fields))") {
                !floating.stats.events(named: "stop", matching: ["room": floating.roomID]).isEmpty
            }
            try desktop.waitForWindow(.title("FloatApp"), visibility: .viewable, timeout: 5)
            try eventually("no float window of the app is left\n\(desktop.describeClients())") {
                floatWindows(of: floating).isEmpty
            }
            XCTAssertTrue(floating.app.isRunning, "releasing the float keeps the app running (target was \(target))")
            try screenshot(desktop, "dismissed")
        }
    }
}
