import CX11
import Foundation
import TestSupport
import XCTest

/// Window checks on one window manager: the float's properties and stacking, its placement
/// inside the work area the panel leaves, staying visible across workspaces, and the click
/// that restores the full view.
extension FloatWindowManagerE2ETestCase {
    /// P2: title, class and role, utility type, no decorations, on top, out of the taskbar and
    /// pager; drawn above another application's window that is raised and focused over it.
    func checkWindowPropertiesAndStacking() throws {
        let desktop = try desktop
        let floating = try launchFloat(on: desktop)
        try floating.run {
            let float = floating.float
            XCTAssertEqual(desktop.title(of: float), "Motion Live - PiP")
            XCTAssertEqual(desktop.wmClass(of: float)?.className, "PictureInPicture")
            XCTAssertEqual(desktop.wmClass(of: float)?.instance, "PictureInPicture")
            XCTAssertEqual(desktop.role(of: float), "PictureInPicture")
            XCTAssertEqual(desktop.windowTypes(of: float).first, "_NET_WM_WINDOW_TYPE_UTILITY")
            XCTAssertFalse(desktop.isDecorated(float), desktop.describe(float))
            let wanted: Set = ["_NET_WM_STATE_ABOVE", "_NET_WM_STATE_SKIP_TASKBAR", "_NET_WM_STATE_SKIP_PAGER"]
            try eventually("the float's state has \(wanted): \(desktop.describe(float))") {
                desktop.netWMState(of: float).isSuperset(of: wanted)
            }
            try assertDrawnAboveAnotherWindow(floating, "on the first workspace")
        }
    }

    /// P3/P4 with the class's panel: the panel takes what it should, and the float opens at the
    /// bottom-right corner and rests at the top-left one inside the work area.
    func checkPlacementInsideTheWorkArea() throws {
        try checkPlacement(on: try desktop, Self.mainSetup)
    }

    /// P3/P4 at the other screen size, with the panel on the other edge, on a desktop of its own.
    func checkPlacementAtTheOtherScreenSize() throws {
        let setup = Self.otherSetup
        let desktop = try startDesktop(windowManager: setup.windowManager, screenSize: setup.screenSize)
        try checkPlacement(on: desktop, setup)
    }

    /// P20: after `wmctrl -s 1` the float is still shown, sticky, and drawn above a window of
    /// the new workspace; the class's desktop goes back to the first workspace afterwards.
    func checkWorkspaceSwitchKeepsTheFloatOnTop() throws {
        let desktop = try desktop
        let floating = try launchFloat(on: desktop)
        defer { try? desktop.switchWorkspace(to: 0) }
        try floating.run {
            let before = try XCTUnwrap(floating.frame)
            try desktop.switchWorkspace(to: 1)
            try eventually("the float stays viewable on workspace 2: \(desktop.describe(floating.float))") {
                desktop.mapState(of: floating.float) == .viewable && floating.frame == before
            }
            // A window manager that does not support the sticky state (openbox) keeps the state
            // list to what it supports; _NET_WM_DESKTOP 0xFFFFFFFF says "every workspace" on all.
            if desktop.supportedHints().contains("_NET_WM_STATE_STICKY") {
                XCTAssertTrue(
                    desktop.netWMState(of: floating.float).contains("_NET_WM_STATE_STICKY"), desktop.describe(floating.float))
            }
            XCTAssertEqual(
                desktop.connection.cardinals(floating.float, "_NET_WM_DESKTOP")?.first, 0xFFFF_FFFF,
                "the float is on every workspace")
            try assertDrawnAboveAnotherWindow(floating, "on workspace 2")
        }
    }

    /// P9: with another application's window raised and focused over the main window, a click
    /// on the float (no drag) closes it and shows the main window raised above that window and
    /// focused, with the room's frames and playback going on; the window manager is not left
    /// asking for attention.
    func checkClickRestoresTheFullView() throws {
        let desktop = try desktop
        let floating = try launchFloat(on: desktop)
        try floating.run {
            let main = try desktop.waitForWindow(.title("FloatApp"), visibility: .viewable, timeout: 5)
            let mainFrame = try XCTUnwrap(desktop.frameGeometry(of: main))
            let color = RGB(red: 200, green: 60, blue: 160)
            let other = try ProbeWindow(
                on: desktop.display, title: "Other Application", wmClass: ("other", "Other"),
                origin: DesktopPoint(x: mainFrame.x, y: mainFrame.y), size: (mainFrame.width, mainFrame.height), color: color)
            defer { other.destroy() }
            try eventually("the other window is managed and viewable") {
                desktop.mapState(of: other.window) == .viewable && desktop.topLevelAncestor(of: other.window) != other.window
            }
            try desktop.focus(other.window)
            try eventually("the other window covers the main window\n\(desktop.describeClients())") {
                desktop.isDrawn(other.window, above: main)
            }
            try eventually("the float presents frames") {
                !floating.stats.events(named: "frame", matching: ["window": "float"]).isEmpty
            }
            let frame = try XCTUnwrap(floating.frame)
            try screenshot(desktop, "before-click")

            desktop.click(at: frame.center)
            try desktop.waitUntilGone(.id(floating.float), timeout: 5)
            let hidden = try eventuallyValue("a float_hidden event") { floating.stats.events(named: "float_hidden").last }
            try eventually("the main window presents the room's frames after the click", timeout: 5) {
                floating.stats.events(named: "frame", matching: ["window": "main", "room": floating.roomID])
                    .contains { $0.time > hidden.time }
            }
            try eventually("the main window is raised and focused\n\(desktop.describeClients())", timeout: 5) {
                desktop.activeWindow() == main && desktop.isDrawn(main, above: other.window)
            }
            XCTAssertFalse(
                desktop.netWMState(of: main).contains("_NET_WM_STATE_DEMANDS_ATTENTION"),
                "the window manager refused the main window focus: \(desktop.describe(main))")
            // A compositor shows the restacked windows on its next frame: wait for that repaint.
            let shown = try XCTUnwrap(desktop.geometry(of: main))
            var showing = 1.0
            try eventually("none of the other window shows in the main window (\(showing) of it does)", timeout: 2) {
                showing = try desktop.grab(shown).fraction(matching: color)
                return showing < 0.01
            }
            XCTAssertTrue(
                floating.stats.events(named: "stop").isEmpty, "a click keeps playback: \(floating.stats.events(named: "stop"))")
            try screenshot(desktop, "restored")
        }
    }

    private func checkPlacement(on desktop: TestDesktop, _ setup: Setup) throws {
        let screen = desktop.screen
        XCTAssertEqual(screen.width, setup.screenSize.width)
        XCTAssertEqual(screen.height, setup.screenSize.height)
        let workArea = try XCTUnwrap(desktop.workArea(), "the window manager sets _NET_WORKAREA")
        let expected = DesktopRect(
            x: 0, y: setup.panel == .top ? setup.panelThickness : 0, width: screen.width,
            height: screen.height - setup.panelThickness)
        XCTAssertEqual(workArea, expected, "the \(setup.panel) panel of \(setup) leaves this work area")

        let floating = try launchFloat(on: desktop)
        var generator = FlingGenerator(seed: SeededRandom.runSeed(for: "\(name) placement"))
        try floating.run {
            let size = FloatingApp.defaultSize(in: workArea)
            // The resting margin, less the rounding any measured edge may carry.
            let inside = workArea.insetBy(FloatingApp.margin - FloatingApp.tolerance)
            let opened = try floating.waitForCorner(.bottomRight, size: size, "the float opens")
            XCTAssertTrue(inside.contains(opened), "\(opened) inside \(workArea)")
            try screenshot(desktop, "\(setup.screenSize)-bottom-right")

            let nearTopLeft = DesktopPoint(
                x: workArea.minX + workArea.width / 5, y: workArea.minY + workArea.height / 5)
            let seen = floating.snapTargets().count
            desktop.replay(try slowDrag(floating, centre: nearTopLeft, generator: &generator))
            XCTAssertEqual(try floating.waitForLanding(after: seen, size: size), .topLeft)
            let rested = try XCTUnwrap(floating.frame)
            XCTAssertTrue(inside.contains(rested), "\(rested) inside \(workArea)")
            try screenshot(desktop, "\(setup.screenSize)-top-left")
        }
    }

    /// Maps another application's window over the float's top-left corner, focuses it, and
    /// checks the float is stacked and drawn above it, with none of its colour showing through.
    private func assertDrawnAboveAnotherWindow(_ floating: FloatingApp, _ when: String) throws {
        let desktop = floating.desktop
        let frame = try XCTUnwrap(floating.frame)
        let color = RGB(red: 200, green: 60, blue: 160)
        let other = try ProbeWindow(
            on: desktop.display, title: "Other Application", wmClass: ("other", "Other"),
            origin: DesktopPoint(x: frame.x - 150, y: frame.y - 100), size: (frame.width, frame.height), color: color)
        defer { other.destroy() }
        let otherWindow = other.window
        try eventually("the other window is managed and viewable \(when)") {
            desktop.mapState(of: otherWindow) == .viewable && desktop.topLevelAncestor(of: otherWindow) != otherWindow
        }
        try desktop.focus(otherWindow)
        let otherRect = try XCTUnwrap(desktop.geometry(of: otherWindow))
        try eventually("the other window is drawn \(when)") {
            try desktop.grab(DesktopRect(x: otherRect.x, y: otherRect.y, width: 20, height: 20))
                .fraction(matching: color) > 0.9
        }
        let overlap = try XCTUnwrap(otherRect.intersection(frame), "the other window \(otherRect) overlaps \(frame)")
        XCTAssertTrue(desktop.isDrawn(floating.float, above: otherWindow), "\(when): \(desktop.describeClients())")
        // A window manager that raises the focused window first and restacks the float after
        // exposes the float, which repaints on its next frame: wait for that repaint.
        var showing = 1.0
        try eventually("\(when): none of the other window shows through the float (\(showing) of it does)", timeout: 2) {
            showing = try desktop.grab(overlap).fraction(matching: color)
            return showing < 0.01
        }
        try screenshot(desktop, "above-another-window")
    }
}
