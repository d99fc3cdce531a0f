import Foundation
import TestSupport
import XCTest

/// The room list (W1): opening by mouse, wheel scrolling of a long list (its keys are step-tested
/// in AppCoreTests and driven by every test that opens a room from the list).
final class AppListE2ETests: AppE2ETestCase {
    /// Where the list draws its rows, in window pixels at scale 1 (RoomListView):
    /// the first row starts below the 64 px header and half the 16 px padding; rows are 64 px
    /// high with 8 px between them.
    private enum ListLayout {
        static let firstRowTop = 72
        static let rowSpan = 76
        static let rowHeight = 64
        static let padding = 16

        /// The middle of row `index` of an unscrolled list, in root coordinates.
        static func rowCenter(_ index: Int, in window: DesktopRect) -> DesktopPoint {
            DesktopPoint(x: window.x + window.width / 3, y: window.y + firstRowTop + index * rowSpan + rowHeight / 2)
        }
    }

    private static func liveRooms(_ count: Int) -> [RoomsFixture.Room] {
        (0..<count).map { index in
            .live(
                "room-\(index)", title: "Room \(index)",
                source: RoomsFixture.colorSource(String(format: "%02x6f97", 16 + index * 8)))
        }
    }

    func testClickOnARowOpensIt() throws {
        let session = try startApp(rooms: Self.liveRooms(3))
        try session.run {
            let window = try session.mainRect()
            session.desktop.click(at: ListLayout.rowCenter(1, in: window))
            try session.waitForEvents("open", ["room": "room-1"])
            try session.waitForMainFrames(of: "room-1")
            let opened = session.stats.events(named: "open").map { $0.fields["room"] ?? "?" }
            XCTAssertEqual(opened, ["room-1"], "the clicked row opens, and only it")
        }
    }

    func testWheelScrollsALongListSoAFarRoomOpensByClick() throws {
        let rooms = Self.liveRooms(20)
        let session = try startApp(rooms: rooms)
        try session.run {
            let desktop = session.desktop
            let window = try session.mainRect()
            let header = 64
            let listArea = DesktopRect(
                x: window.x, y: window.y + header, width: window.width, height: window.height - header)
            // The last row lies far below the window until the list scrolls.
            let lastRowTop = ListLayout.firstRowTop + (rooms.count - 1) * ListLayout.rowSpan
            XCTAssertGreaterThan(lastRowTop, window.height, "the list must be longer than the window")

            let inList = DesktopPoint(x: window.x + window.width / 2, y: window.y + window.height / 2)
            desktop.moveMouse(to: inList)
            let before = try eventuallyValue("the list is drawn", timeout: 5) { () -> Image? in
                let image = try desktop.grab(listArea)
                return image.darkFraction() < 0.5 ? image : nil
            }
            try desktop.screenshot("1-top")
            desktop.scroll(-30, at: inList)
            // Scrolled to the end: the pixels changed and are still (the offset is clamped).
            var previous = before
            try eventually("the list scrolls to its end", timeout: 5, poll: 0.1) {
                let now = try desktop.grab(listArea)
                defer { previous = now }
                return now.meanAbsoluteDifference(to: before) > 2 && now.meanAbsoluteDifference(to: previous) == 0
            }
            try desktop.screenshot("2-scrolled")
            // At the end the last row sits just above the bottom padding.
            let lastRow = DesktopPoint(
                x: window.x + window.width / 3,
                y: window.maxY - ListLayout.padding - ListLayout.rowHeight / 2)
            desktop.click(at: lastRow)
            try session.waitForEvents("open", ["room": "room-19"])
            try session.waitForMainFrames(of: "room-19")
            let opened = session.stats.events(named: "open").map { $0.fields["room"] ?? "?" }
            XCTAssertEqual(opened, ["room-19"])
        }
    }
}
