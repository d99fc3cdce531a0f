import Foundation
import TestSupport
import XCTest

/// The float's end-to-end checks in a GNOME Wayland session: headless mutter with one
/// 1920x1080 virtual monitor (no panel: the work area is the whole monitor), FloatApp on its
/// Xwayland with both `WAYLAND_DISPLAY` and `DISPLAY` set, as in a real GNOME session, and the
/// pointer driven through the compositor (mutter's RemoteDesktop API), not XTEST. The placement
/// check also runs on a 1280x1024 monitor.
///
/// Fewer flings than on the X11 window managers: each is a real-time hand trace, and the goal
/// here is that the same gestures mean the same under Xwayland, not the fling statistics the
/// X11 suites already gather.
final class GnomeWaylandFloatE2ETests: FloatWindowManagerE2ETestCase {
    override class var mainSetup: Setup {
        Setup(windowManager: .gnomeWayland, panel: .bottom, panelThickness: 0,
              screenSize: ScreenSize(width: 1920, height: 1080))
    }
    override class var otherSetup: Setup {
        Setup(windowManager: .gnomeWayland, panel: .bottom, panelThickness: 0,
              screenSize: ScreenSize(width: 1280, height: 1024))
    }
    override class var flingCount: Int { 12 }

    /// With both `WAYLAND_DISPLAY` and `DISPLAY` set, SDL 2.26 picks X11 (the app says which
    /// driver it chose), and the float is a window of Xwayland's.
    func testSDLPicksX11BesideWayland() throws {
        let desktop = try desktop
        XCTAssertNotNil(desktop.clientEnvironment(home: desktop.workFolder)["WAYLAND_DISPLAY"])
        let floating = try FloatingApp.launch(in: self, on: desktop, name: "driver", options: ["--log-level", "info"])
        try floating.run {
            try eventually("the app names its video driver\n\(floating.app.outputTail())") {
                floating.app.outputTail(lines: 200).contains("video driver: ")
            }
            let drivers = floating.app.outputTail(lines: 200).components(separatedBy: "\n")
                .filter { $0.contains("video driver: ") }
            XCTAssertEqual(drivers.count, 1, drivers.joined(separator: "\n"))
            XCTAssertTrue(drivers.first?.hasSuffix("video driver: x11") == true, drivers.joined(separator: "\n"))
            XCTAssertEqual(desktop.mapState(of: floating.float), .viewable, desktop.describeClients())
        }
    }

    func testFlingsLandWhereMeant() throws { try checkFlingsLandWhereMeant() }
    func testSlowReleasesGoToTheNearestCorner() throws { try checkSlowReleasesGoToTheNearestCorner() }
    func testWindowPropertiesAndStacking() throws { try checkWindowPropertiesAndStacking() }
    func testPlacementInsideTheWorkArea() throws { try checkPlacementInsideTheWorkArea() }
    func testPlacementAtTheOtherScreenSize() throws { try checkPlacementAtTheOtherScreenSize() }
    func testStashShowsA32PixelStrip() throws { try checkStashShowsA32PixelStrip() }
    func testDragOntoTheDismissTargetReleasesTheFloat() throws { try checkDragOntoTheDismissTargetReleasesTheFloat() }
    func testWorkspaceSwitchKeepsTheFloatOnTop() throws { try checkWorkspaceSwitchKeepsTheFloatOnTop() }
    func testClickRestoresTheFullView() throws { try checkClickRestoresTheFullView() }
}
