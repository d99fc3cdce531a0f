import Foundation
import TestSupport
import XCTest

/// The call full view (W4, M4): layouts switch by key and control, the participant list toggles.
final class AppCallViewE2ETests: AppE2ETestCase {
    /// Heights of the title overlay and the control bar, and the participant panel's width, at scale 1.
    private let topBarHeight = 56
    private let barHeight = 64
    private let panelWidth = 240
    /// The layout switch in the control bar: after the PiP and mute buttons (40 px each, 10 px apart)
    /// and the 110 px volume slider, 16 px from the left edge (RoomView).
    private let layoutButtonCenterX = 16 + 50 + 50 + 110 + 18 + 20
    /// The fill of an active control button (Theme.accent).
    private let accent = RGB(red: 0x4c, green: 0x8d, blue: 0xff)

    /// Each participant's name and the solid colour their source shows.
    private static let participants = [("Ada", "c0392b"), ("Ben", "27ae60"), ("Cy", "2980b9"), ("Di", "f1c40f")]
    private let room = RoomsFixture.Room.call(
        "huddle", title: "Huddle", participants: participants.map { ($0.0, RoomsFixture.colorSource($0.1)) })

    /// The region between the overlays where tiles are drawn while the participant panel is hidden.
    private func stage(_ window: DesktopRect) -> DesktopRect {
        DesktopRect(
            x: window.x, y: window.y + topBarHeight, width: window.width,
            height: window.height - topBarHeight - barHeight)
    }

    /// The participant panel's region, between the overlays.
    private func panel(_ window: DesktopRect) -> DesktopRect {
        DesktopRect(
            x: window.maxX - panelWidth, y: window.y + topBarHeight, width: panelWidth,
            height: window.height - topBarHeight - barHeight)
    }

    /// Waits until the pixels of `rect` differ from `before` and stop changing; returns them.
    private func waitForChange(
        _ what: String, of rect: DesktopRect, from before: Image, on desktop: TestDesktop
    ) throws -> Image {
        var previous = before
        return try eventuallyValue("\(what): the pixels change and settle", timeout: 5, poll: 0.05) {
            () -> Image? in
            let now = try desktop.grab(rect)
            defer { previous = now }
            return now.meanAbsoluteDifference(to: before) > 5 && now.meanAbsoluteDifference(to: previous) < 0.5
                ? now : nil
        }
    }

    /// Waits until every participant's tile shows their colour; returns the stage's pixels.
    @discardableResult
    private func waitForEveryTile(in window: DesktopRect, on desktop: TestDesktop) throws -> Image {
        let colours = Self.participants.map(\.1).map { hex in
            let v = Int(hex, radix: 16)!
            return RGB(red: UInt8(v >> 16), green: UInt8(v >> 8 & 0xff), blue: UInt8(v & 0xff))
        }
        return try eventuallyValue("four tiles show their video", timeout: 5) { () -> Image? in
            let image = try desktop.grab(stage(window))
            return colours.allSatisfy { image.fraction(matching: $0, tolerance: 12) > 0.05 } ? image : nil
        }
    }

    /// The tile background (Theme.surface) and the speaker's outline (Theme.ok).
    private let tileSurface = RGB(red: 0x1c, green: 0x1f, blue: 0x26)
    private let speakerOutline = RGB(red: 0x3d, green: 0xbf, blue: 0x6e)

    /// Each tile's picture fills it but a 2 px ring of the tile's background (or the speaker's
    /// outline), whose corners are rounded: the ring is painted around the picture, not under it.
    private func assertTileRings(_ image: Image) {
        for (name, hex) in Self.participants {
            let v = Int(hex, radix: 16)!
            let colour = RGB(red: UInt8(v >> 16), green: UInt8(v >> 8 & 0xff), blue: UInt8(v & 0xff))
            var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
            for y in 0..<image.height {
                for x in 0..<image.width where image[x, y].distance(to: colour) <= 12 {
                    (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
                }
            }
            guard maxX > minX + 8, maxY > minY + 8, minX >= 3, minY >= 3, maxX + 3 < image.width, maxY + 3 < image.height
            else { return XCTFail("\(name)'s picture within the stage: \(minX)...\(maxX) x \(minY)...\(maxY)") }
            let midX = (minX + maxX) / 2, midY = (minY + maxY) / 2
            let ring = [(minX - 1, midY), (minX - 2, midY), (maxX + 1, midY), (maxX + 2, midY),
                        (midX, minY - 1), (midX, minY - 2), (midX, maxY + 1), (midX, maxY + 2)]
            for (x, y) in ring {
                let c = image[x, y]
                XCTAssertTrue(c.distance(to: tileSurface) <= 6 || c.distance(to: speakerOutline) <= 6,
                              "\(name)'s tile ring at (\(x), \(y)) is the tile's background or outline: \(c)")
            }
            for (x, y) in [(minX - 3, midY), (maxX + 3, midY)] {
                XCTAssertGreaterThan(image[x, y].distance(to: tileSurface), 6, "\(name)'s ring is 2 px wide at (\(x), \(y))")
            }
            let corner = image[minX - 2, minY - 2]
            XCTAssertGreaterThan(corner.distance(to: tileSurface), 6, "\(name)'s tile has a rounded corner: \(corner)")
        }
    }

    func testLayoutSwitchesByKeyAndControl() throws {
        let session = try startApp(rooms: [room], arguments: ["--open", "huddle"])
        try session.run {
            let desktop = session.desktop
            try session.waitForMainFrames(of: "huddle")
            try session.focusMain()
            let window = try session.mainRect()
            let tiles = try waitForEveryTile(in: window, on: desktop)
            try desktop.screenshot("1-tile")
            assertTileRings(tiles)

            desktop.key(.character("l"))
            try session.waitForEvents("layout", ["event": "callLayoutChanged(spotlight)"])
            let spotlight = try waitForChange("spotlight", of: stage(window), from: tiles, on: desktop)
            try desktop.screenshot("2-spotlight")

            desktop.moveMouse(to: DesktopPoint(x: window.x + layoutButtonCenterX, y: window.maxY - barHeight / 2))
            desktop.click()
            try session.waitForEvents("layout", ["event": "callLayoutChanged(sidebar)"])
            let sidebar = try waitForChange("sidebar", of: stage(window), from: spotlight, on: desktop)
            XCTAssertGreaterThan(sidebar.meanAbsoluteDifference(to: tiles), 5, "sidebar differs from tiles")
            try desktop.screenshot("3-sidebar")
        }
    }

    func testParticipantListTogglesByKeyAndControl() throws {
        let session = try startApp(rooms: [room], arguments: ["--open", "huddle"])
        try session.run {
            let desktop = session.desktop
            try session.waitForMainFrames(of: "huddle")
            try session.focusMain()
            let window = try session.mainRect()
            // The main window's first frame is one participant's: the others may still be connecting.
            try waitForEveryTile(in: window, on: desktop)
            let hidden = try desktop.grab(panel(window))

            desktop.key(.character("u"))
            try session.waitForEvents("layout", ["event": "participantListVisible"])
            let shown = try waitForChange("the panel opens", of: panel(window), from: hidden, on: desktop)
            try desktop.screenshot("1-panel")

            // The participants control is the one lit in the accent colour while the panel shows.
            desktop.moveMouse(to: window.center)
            let bar = DesktopRect(x: window.x, y: window.maxY - barHeight, width: window.width, height: barHeight)
            let control = try eventuallyValue("the lit participants control in the bar", timeout: 2) {
                () -> DesktopPoint? in
                let image = try desktop.grab(bar)
                let columns = (0..<image.width).filter { x in
                    (0..<image.height).filter { image[x, $0].distance(to: accent) <= 10 }.count >= 20
                }
                guard let first = columns.first, let last = columns.last, last - first < 60 else { return nil }
                return DesktopPoint(x: bar.x + (first + last) / 2, y: bar.y + barHeight / 2)
            }
            desktop.click(at: control)
            try session.waitForEvents("layout", ["event": "participantListHidden"])
            let closed = try waitForChange("the panel closes", of: panel(window), from: shown, on: desktop)
            XCTAssertLessThan(closed.meanAbsoluteDifference(to: hidden), 5, "the tiles fill the panel's place again")
            try desktop.screenshot("2-closed")
        }
    }
}
