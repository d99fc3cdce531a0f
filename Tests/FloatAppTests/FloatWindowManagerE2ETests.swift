import Foundation

/// The float's end-to-end checks under openbox: 48 px bottom margin at 1920x1080; the
/// placement check also runs with a top margin at 1366x768.
final class OpenboxFloatE2ETests: FloatWindowManagerE2ETestCase {
    override class var mainSetup: Setup {
        Setup(windowManager: .openbox(margins: EdgeInsets(bottom: 48)), panel: .bottom, panelThickness: 48,
              screenSize: ScreenSize(width: 1920, height: 1080))
    }
    override class var otherSetup: Setup {
        Setup(windowManager: .openbox(margins: EdgeInsets(top: 48)), panel: .top, panelThickness: 48,
              screenSize: ScreenSize(width: 1366, height: 768))
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

/// The float's end-to-end checks under fluxbox: its own 20 px toolbar at the top at 1366x768;
/// the placement check also runs with the toolbar at the bottom at 1920x1080.
final class FluxboxFloatE2ETests: FloatWindowManagerE2ETestCase {
    override class var mainSetup: Setup {
        Setup(windowManager: .fluxbox(panel: .top), panel: .top, panelThickness: 20,
              screenSize: ScreenSize(width: 1366, height: 768))
    }
    override class var otherSetup: Setup {
        Setup(windowManager: .fluxbox(panel: .bottom), panel: .bottom, panelThickness: 20,
              screenSize: ScreenSize(width: 1920, height: 1080))
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

/// The float's end-to-end checks under icewm: its own taskbar at the bottom at 1920x1080
/// (a 1054 px tall work area); the placement check also runs with the taskbar at the top at
/// 2560x1440.
final class IceWMFloatE2ETests: FloatWindowManagerE2ETestCase {
    override class var mainSetup: Setup {
        Setup(windowManager: .icewm(panel: .bottom), panel: .bottom, panelThickness: 26,
              screenSize: ScreenSize(width: 1920, height: 1080))
    }
    override class var otherSetup: Setup {
        Setup(windowManager: .icewm(panel: .top), panel: .top, panelThickness: 26,
              screenSize: ScreenSize(width: 2560, height: 1440))
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

/// The float's end-to-end checks under xfwm4 (no compositor, private session bus): a 48 px dock
/// panel at the top at 1366x768; the placement check also runs with the dock at the bottom at
/// 1920x1080.
final class Xfwm4FloatE2ETests: FloatWindowManagerE2ETestCase {
    override class var mainSetup: Setup {
        Setup(windowManager: .xfwm4(panel: .top), panel: .top, panelThickness: TestDesktop.xfwm4PanelHeight,
              screenSize: ScreenSize(width: 1366, height: 768))
    }
    override class var otherSetup: Setup {
        Setup(windowManager: .xfwm4(panel: .bottom), panel: .bottom, panelThickness: TestDesktop.xfwm4PanelHeight,
              screenSize: ScreenSize(width: 1920, height: 1080))
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

/// The float's end-to-end checks under GNOME's mutter as an X11 compositing window manager: a
/// 32 px dock standing in for GNOME Shell's top bar at 1920x1080; the placement check also runs
/// with the dock at the bottom at 1366x768.
final class MutterFloatE2ETests: FloatWindowManagerE2ETestCase {
    override class var mainSetup: Setup {
        Setup(windowManager: .mutter(panel: .top), panel: .top, panelThickness: TestDesktop.gnomeTopBarHeight,
              screenSize: ScreenSize(width: 1920, height: 1080))
    }
    override class var otherSetup: Setup {
        Setup(windowManager: .mutter(panel: .bottom), panel: .bottom, panelThickness: TestDesktop.gnomeTopBarHeight,
              screenSize: ScreenSize(width: 1366, height: 768))
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

/// The float's end-to-end checks under KDE's KWin as an X11 compositing window manager: a
/// 44 px dock standing in for the Plasma panel at the bottom at 1920x1080; the placement check
/// also runs with the dock at the top at 2560x1440.
final class KWinFloatE2ETests: FloatWindowManagerE2ETestCase {
    override class var mainSetup: Setup {
        Setup(windowManager: .kwin(panel: .bottom), panel: .bottom, panelThickness: TestDesktop.plasmaPanelHeight,
              screenSize: ScreenSize(width: 1920, height: 1080))
    }
    override class var otherSetup: Setup {
        Setup(windowManager: .kwin(panel: .top), panel: .top, panelThickness: TestDesktop.plasmaPanelHeight,
              screenSize: ScreenSize(width: 2560, height: 1440))
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
