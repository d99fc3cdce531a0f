import CX11
import Foundation
import TestSupport
import XCTest

/// The float's end-to-end checks on one window manager (SPEC P2-P4, P7-P9, P19, P20), shared
/// by one test class per window manager so `--filter` can pick one.
///
/// A class runs its window manager's desktop once for all its tests (`mainSetup`); each test
/// starts its own app. Only the placement check at the other screen size starts a second
/// desktop (`otherSetup`). Input is a hand's: seeded traces replayed through XTEST in real time.
class FloatWindowManagerE2ETestCase: DesktopTestCase {
    /// Which window manager, panel edge and screen size a desktop of these tests has.
    struct Setup: CustomStringConvertible {
        var windowManager: TestDesktop.WindowManager
        var panel: PanelEdge
        /// How many pixels the panel takes from the screen's height.
        var panelThickness: Int
        var screenSize: ScreenSize

        var description: String { "\(windowManager) on \(screenSize)" }
    }

    /// The desktop every test of the class shares. Overridden by each window manager's class;
    /// plain openbox without a panel here.
    class var mainSetup: Setup {
        Setup(
            windowManager: .openbox(margins: .zero), panel: .bottom, panelThickness: 0,
            screenSize: TestDesktop.defaultScreenSize)
    }
    /// The second screen size and panel edge, for the placement check.
    class var otherSetup: Setup { mainSetup }

    /// Flings per window manager, each from the corner the float rests at to another one.
    class var flingCount: Int { 30 }
    /// A replay this late (s) at any step did not deliver the hand's trace: a 125 Hz mouse
    /// reports every 8 ms, so a step more than one report late reaches the X server bunched with
    /// the next one, and the server's event times (which the float's velocity is fitted to) are
    /// no longer the hand's.
    static let replayTolerance = 0.01
    /// How many missed flings with a late replay may be flung again before the check counts them.
    static let replayRetries = 10

    nonisolated(unsafe) private static var sharedDesktops: [ObjectIdentifier: Result<TestDesktop, Error>] = [:]

    override class func setUp() {
        super.setUp()
        let started = Date()
        let result = Result {
            try TestDesktop(
                testName: String(describing: self), windowManager: mainSetup.windowManager,
                screenSize: mainSetup.screenSize, timeout: 30)
        }
        sharedDesktops[ObjectIdentifier(self)] = result
        let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
        switch result {
        case .success: print("\(self): \(mainSetup) ready in \(seconds) s")
        case .failure(let error): print("\(self): \(mainSetup) did not start in \(seconds) s: \(error)")
        }
    }

    override class func tearDown() {
        if case .success(let desktop) = sharedDesktops.removeValue(forKey: ObjectIdentifier(self)) {
            desktop.tearDown()
        }
        super.tearDown()
    }

    /// Every test starts with the shared desktop's pointer buttons up, whatever the last test left.
    override func setUpWithError() throws {
        try super.setUpWithError()
        if let desktop = try? desktop {
            desktop.releaseHeldButtons()
        }
    }

    /// The class's desktop; throws the error that kept it from starting.
    var desktop: TestDesktop {
        get throws {
            guard let result = Self.sharedDesktops[ObjectIdentifier(type(of: self))] else {
                throw HarnessError("no desktop was started for \(type(of: self))")
            }
            return try result.get()
        }
    }

    /// The test method's own name, e.g. "testFlings" (for file names), from a test name like
    /// "Class.testFlings" or "-[Class testFlings]".
    private var shortName: String {
        String(name.split(whereSeparator: { " .".contains($0) }).last?.trimmingCharacters(in: ["]"]) ?? "test")
    }

    /// Starts the app floating one live room on `desktop` with fresh state, so the float opens
    /// at the bottom-right corner; the app ends with the test.
    func launchFloat(on desktop: TestDesktop) throws -> FloatingApp {
        let state = desktop.workFolder.appendingPathComponent("state-\(shortName)-\(UUID().uuidString)")
        let floating = try FloatingApp.launch(in: self, on: desktop, stateHome: state, name: shortName)
        let opened = FloatingApp.defaultSize(in: try floating.workArea())
        try floating.run { try floating.waitForCorner(.bottomRight, size: opened, "the float opens") }
        return floating
    }

    /// Saves a screenshot named after the test and `what`.
    func screenshot(_ desktop: TestDesktop, _ what: String) throws {
        try desktop.screenshot("\(shortName)-\(what)")
    }

    /// The trace of a slow drag that carries the float's centre from where it is to `centre`,
    /// grabbed at a random point of its middle half, then rests and releases.
    func slowDrag(
        _ floating: FloatingApp, centre: DesktopPoint, generator: inout FlingGenerator
    ) throws -> PointerTrace {
        let frame = try XCTUnwrap(floating.frame, "the float exists")
        let grab = DesktopPoint(
            x: frame.minX + generator.pick(frame.width / 4...frame.width * 3 / 4),
            y: frame.minY + generator.pick(frame.height / 4...frame.height * 3 / 4))
        let end = DesktopPoint(x: centre.x + grab.x - frame.center.x, y: centre.y + grab.y - frame.center.y)
        return generator.slowDrag(from: grab, to: end)
    }

    /// The app's viewable client windows other than its main window: the float, or whatever
    /// stands in for it (a stash strip, a dismiss target).
    func floatWindows(of floating: FloatingApp) -> [Window] {
        let desktop = floating.desktop
        return desktop.clientWindows(ofProcess: floating.app.process.pid)
            .filter { desktop.mapState(of: $0) == .viewable && desktop.title(of: $0) != "FloatApp" }
    }

    /// The visible part of the app's float windows joined, clipped to the screen.
    func visibleFloat(of floating: FloatingApp) -> DesktopRect? {
        let desktop = floating.desktop
        let clipped = floatWindows(of: floating).compactMap { desktop.frameGeometry(of: $0)?.intersection(desktop.screen) }
        guard let first = clipped.first else { return nil }
        return clipped.dropFirst().reduce(first) { $0.union($1) }
    }
}
