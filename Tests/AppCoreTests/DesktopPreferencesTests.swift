import AppCore
import AppCoreTestSupport
import PiPLayout
import XCTest

/// The desktop's reduced-motion and high-contrast settings, followed live (X8).
final class DesktopPreferencesTests: XCTestCase {
    private let corner = Rect(x: 1424, y: 794, width: 480, height: 270)
    private let reduced = DesktopPreferences(reducedMotion: true)

    /// The float dragged to the middle and let go at t = 3.6; the effects of the release.
    private func flung(_ state: inout AppState) -> [AppEffect] {
        _ = state.reduce(.pointerPressed(window: .float, x: 200, y: 100, global: Point(x: 1600, y: 900), time: 3), now: 3)
        for (i, x) in stride(from: 1550.0, through: 900, by: -50).enumerated() {
            let t = 3 + Double(i + 1) * 0.02
            _ = state.reduce(.pointerMoved(window: .float, x: 200, y: 100, global: Point(x: x, y: 600), time: t), now: t)
        }
        return state.reduce(.pointerReleased(window: .float, x: 0, y: 0, global: Point(x: 900, y: 600), time: 3.6, overFloat: false), now: 3.6)
    }

    private func moves(_ effects: [AppEffect]) -> [Rect] {
        effects.compactMap { if case .moveFloat(let rect) = $0 { rect } else { nil } }
    }

    func testWithFullMotionTheFloatSpringsToItsCorner() {
        var state = F.floating(F.liveA)
        let released = flung(&state)
        XCTAssertTrue(state.motion?.isAnimating == true, "the spring runs")
        XCTAssertNotEqual(moves(released).last, corner, "not there yet")
        let ticked = state.reduce(.tick(pointer: .zero), now: 3.62)
        XCTAssertNotEqual(moves(ticked).last, corner, "a tick later, still on its way")
    }

    func testWithReducedMotionTheFloatIsPlacedInItsCornerAtOnce() {
        var state = F.floating(F.liveA)
        _ = state.reduce(.desktopPreferencesRead(reduced), now: 2.5)
        let released = flung(&state)
        XCTAssertEqual(moves(released).last, corner, "placed in the corner by the release itself")
        XCTAssertFalse(state.motion?.isAnimating == true, "no spring, no ticks")
    }

    func testMotionReducedDuringTheSpringLandsTheFloatAtOnce() {
        var state = F.floating(F.liveA)
        _ = flung(&state)
        XCTAssertTrue(state.motion?.isAnimating == true)
        let effects = state.reduce(.desktopPreferencesRead(reduced), now: 3.61)
        XCTAssertEqual(effects.first, .log(.info, "desktop preferences: motion reduced, contrast normal"))
        XCTAssertEqual(moves(effects), [corner])
        XCTAssertFalse(state.motion?.isAnimating == true)
        XCTAssertEqual(state.environment.preferences, reduced)
    }

    func testAContrastChangePaintsBothWindowsAgainAndTheSameSettingsChangeNothing() {
        var state = F.floating(F.liveA)
        XCTAssertEqual(state.environment.preferences, DesktopPreferences(), "full motion, normal contrast without a desktop setting")
        let high = DesktopPreferences(highContrast: true)
        XCTAssertEqual(state.reduce(.desktopPreferencesRead(high), now: 3), [.log(.info, "desktop preferences: motion full, contrast high")])
        XCTAssertTrue(state.paint.main.dirty)
        XCTAssertTrue(state.paint.float.dirty)
        XCTAssertEqual(state.environment.preferences, high)
        _ = state.reduce(.painted(.main), now: 3.1)
        XCTAssertEqual(state.reduce(.desktopPreferencesRead(high), now: 4), [], "read again unchanged")
    }
}
