import Foundation
import TestSupport
import XCTest

/// The desktop's reduced-motion and high-contrast settings through the real settings backend
/// (X8): a private session bus on which `xdg-desktop-portal` with `xdg-desktop-portal-gtk`
/// serves GSettings from dconf (`dconf-service`), changed with `gsettings set` while the app
/// runs, and seen on screen. The packages are not in `make test`'s set (`make test-prefs`).
final class DesktopPreferencesE2ETests: AppE2ETestCase {
    /// The environment the portal, its GTK backend and `gsettings` share: the test's display, a
    /// GNOME desktop (the GTK backend's `UseIn`), and a dconf database of the test's own.
    private func settingsEnvironment(_ desktop: TestDesktop) throws -> [String] {
        let config = desktop.workFolder.appendingPathComponent("settings-config")
        let runtime = desktop.workFolder.appendingPathComponent("settings-runtime")
        for folder in [config, runtime] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        return ["DISPLAY=\(desktop.display)", "XDG_CURRENT_DESKTOP=GNOME", "XDG_CONFIG_HOME=\(config.path)",
                "XDG_RUNTIME_DIR=\(runtime.path)", "GSETTINGS_BACKEND=dconf", "NO_AT_BRIDGE=1"]
    }

    /// A bus whose activated services (the portal, its backend, dconf) get `environment`.
    private func settingsBus(_ desktop: TestDesktop, _ environment: [String]) throws -> SessionBus {
        let bus = try SessionBus(in: desktop.workFolder, for: self)
        let updated = try bus.run("/usr/bin/dbus-update-activation-environment", environment)
        XCTAssertEqual(updated.status, .exited(0), updated.output)
        return bus
    }

    /// `gsettings set SCHEMA KEY VALUE` through dconf on `bus`.
    private func gsettingsSet(_ bus: SessionBus, _ environment: [String], _ schema: String, _ key: String, _ value: String) throws {
        let result = try bus.run("/usr/bin/env", environment + ["/usr/bin/gsettings", "set", schema, key, value])
        XCTAssertEqual(result.status, .exited(0), "gsettings set \(schema) \(key) \(value): \(result.output)")
    }

    private func waitForLog(_ app: AppProcess, _ line: String, timeout: TimeInterval = 15) throws {
        try eventually("the app logs “\(line)”:\n\(app.outputTail())", timeout: timeout, poll: 0.1) {
            app.outputTail(lines: 400).contains(line)
        }
    }

    func testHighContrastSetWithGSettingsRepaintsTheListInThePaletteThatMeetsWCAGAA() throws {
        let desktop = try startDesktop()
        let environment = try settingsEnvironment(desktop)
        let bus = try settingsBus(desktop, environment)
        let rooms = try RoomsFixture(rooms: [.live("alpha", title: "Alpha Room"), .live("beta", title: "Beta Room")])
            .write(in: desktop.workFolder)
        // A call link on the command line asks whether to join over the list: the dialog.
        let link = "floatapp://call?room=standup&title=Stand-up&server=local&server-title=Local%20server"
            + "&stats=http%3A%2F%2F127.0.0.1%3A9%2Fstat&play=rtmp%3A%2F%2F127.0.0.1%3A9%2Flive%2F%7Bstream%7D"
            + "&calls=rtmp%3A%2F%2F127.0.0.1%3A9%2Fcall%2F%7Broom%7D~%7Bparticipant%7D"
        let session = try RunningApp(roomsFile: rooms, arguments: [link], on: desktop) { arguments in
            try launchApp(arguments + ["--log-level", "info"], on: desktop, environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        }
        try session.run {
            let rect = try session.mainRect()
            let corner = DesktopPoint(x: rect.minX + 3, y: rect.maxY - 3)
            var dimmed = RGB(red: 0, green: 0, blue: 0)
            try eventually("the dialog dims the dark palette's background: \(dimmed)", timeout: 10, poll: 0.1) {
                dimmed = try desktop.grab(DesktopRect(x: corner.x, y: corner.y, width: 1, height: 1))[0, 0]
                return dimmed != RGB(red: 0, green: 0, blue: 0) && dimmed.blue < 0x18
            }
            try gsettingsSet(bus, environment, "org.gnome.desktop.a11y.interface", "high-contrast", "true")
            try waitForLog(session.app, "desktop preferences: motion full, contrast high")
            try eventually("the list is painted in the high-contrast palette", timeout: 5, poll: 0.1) {
                try desktop.grab(DesktopRect(x: corner.x, y: corner.y, width: 1, height: 1))[0, 0] == RGB(red: 0, green: 0, blue: 0)
            }
            assertHighContrast(try desktop.grab(rect), "the call link's question")
            _ = try desktop.screenshot("high-contrast-dialog")
            try session.focusMain()
            desktop.key(.escape, pause: 0.06)
            // Cancel's grey fills thousands of pixels; text's edges make a few of that grey too.
            let cancelGrey = RGB(red: 0x70, green: 0x70, blue: 0x70)
            try eventually("the question is gone", timeout: 5, poll: 0.1) {
                try desktop.grab(rect).pixels.filter { $0 == cancelGrey }.count < 500
            }
            let list = try desktop.grab(rect)
            assertHighContrast(list, "the list")
            _ = try desktop.screenshot("high-contrast-list")
            // The location field with a path typed, and the toast its refusal shows.
            let toasts = session.stats.events(named: "toast").count
            desktop.key(.character("l"), modifiers: [.control], pause: 0.06)
            for character in "/nothing/here.m3u8" { desktop.key(.character(character), pause: 0.03) }
            desktop.key(.returnKey, pause: 0.06)
            desktop.key(.character("l"), modifiers: [.control], pause: 0.06)
            for character in "typed" { desktop.key(.character(character), pause: 0.03) }
            try eventually("a toast shows", timeout: 10, poll: 0.1) { session.stats.events(named: "toast").count > toasts }
            var shown = list
            try eventually("the field's text is painted", timeout: 5, poll: 0.1) {
                shown = try desktop.grab(rect)
                return shown.pixels != list.pixels
            }
            assertHighContrast(shown, "the location field and a toast")
            _ = try desktop.screenshot("high-contrast-field-and-toast")
            try gsettingsSet(bus, environment, "org.gnome.desktop.a11y.interface", "high-contrast", "false")
            try eventually("back to the dark palette", timeout: 5, poll: 0.1) {
                try desktop.grab(DesktopRect(x: corner.x, y: corner.y, width: 1, height: 1))[0, 0] == RGB(red: 0x12, green: 0x14, blue: 0x18)
            }
        }
    }

    func testAnimationsTurnedOffWithGSettingsPlaceTheFloatWithoutTheSpring() throws {
        let desktop = try startDesktop()
        let environment = try settingsEnvironment(desktop)
        let bus = try settingsBus(desktop, environment)
        let float = try FloatingApp.launch(in: self, on: desktop, options: ["--log-level", "info"],
                                           environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        try float.run {
            let spring = try positionsAfterFling(float, by: -1000, 0)
            XCTAssertGreaterThan(spring.count, 3, "with animations on, the float springs through places: \(spring)")
            try gsettingsSet(bus, environment, "org.gnome.desktop.interface", "enable-animations", "false")
            try waitForLog(float.app, "desktop preferences: motion reduced, contrast normal")
            let placed = try positionsAfterFling(float, by: 1000, 0)
            XCTAssertEqual(spring.last?.x, 16, "the spring ended in the bottom-left corner")
            XCTAssertLessThanOrEqual(placed.count, 2, "with animations off, from where it was let go straight to the corner: \(placed)")
            print("float positions after a fling: with the spring \(spring), without \(placed)")
            let size = try XCTUnwrap(float.frame)
            _ = try float.waitForCorner(.bottomRight, size: (size.width, size.height), "the float rests in the corner it was flung to")
        }
    }

    /// Checks the painted colours of `image` in the high-contrast palette: black behind
    /// everything, white text, and every colour that fills a part of the window (0.5% or more)
    /// one white text reads on at 4.5:1 (WCAG AA for text) or that stands 3:1 from the black
    /// around it (AA for controls).
    private func assertHighContrast(_ image: Image, _ what: String) {
        let fills = Self.fills(of: image)
        XCTAssertEqual(fills.first?.color, RGB(red: 0, green: 0, blue: 0), "\(what): black behind everything: \(fills)")
        XCTAssertTrue(image.pixels.contains(RGB(red: 255, green: 255, blue: 255)), "\(what): white text")
        for fill in fills.dropFirst() {
            let onWhite = Self.contrast(fill.color, RGB(red: 255, green: 255, blue: 255))
            let onBlack = Self.contrast(fill.color, RGB(red: 0, green: 0, blue: 0))
            XCTAssertTrue(onWhite >= 4.5 || onBlack >= 3,
                          "\(what): \(fill.color) (\(fill.share)): \(onWhite):1 under white text, \(onBlack):1 on black")
        }
    }

    /// Flings the float by `dx`, `dy` and returns the float's distinct positions from the
    /// release until it has rested for 0.3 s, as read from the window's geometry.
    private func positionsAfterFling(_ float: FloatingApp, by dx: Int, _ dy: Int) throws -> [DesktopPoint] {
        // Slow enough to land in a corner rather than be stashed at the edge.
        try float.fling(by: dx, dy, duration: 0.5)
        var positions: [DesktopPoint] = []
        var still = Date()
        let end = Date().addingTimeInterval(3)
        while Date() < end, Date().timeIntervalSince(still) < 0.3 {
            if let frame = float.frame, positions.last != DesktopPoint(x: frame.minX, y: frame.minY) {
                positions.append(DesktopPoint(x: frame.minX, y: frame.minY))
                still = Date()
            }
            usleep(4000)
        }
        return positions
    }

    /// The colours that fill at least 0.5% of `image`, most common first, with their shares.
    private static func fills(of image: Image) -> [(color: RGB, share: Double)] {
        var counts: [String: (RGB, Int)] = [:]
        for pixel in image.pixels { counts[pixel.description, default: (pixel, 0)].1 += 1 }
        let total = Double(image.pixels.count)
        return counts.values.map { ($0.0, Double($0.1) / total) }.filter { $0.1 >= 0.005 }.sorted { $0.1 > $1.1 }
    }

    /// The WCAG 2 contrast ratio of two colours.
    private static func contrast(_ a: RGB, _ b: RGB) -> Double {
        func channel(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        func luminance(_ c: RGB) -> Double { 0.2126 * channel(c.red) + 0.7152 * channel(c.green) + 0.0722 * channel(c.blue) }
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }
}
