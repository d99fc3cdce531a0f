import AppCore
import AppCoreTestSupport
import PiPLayout
import TestSupport
import XCTest

/// What the core decides for the shell's windows: raising the main window with the user's last
/// input time, the float put in front on Wayland (P18), and the text laid out again at a new
/// scale.
final class WindowStackingTests: XCTestCase {
    func testRaisingTheMainWindowTellsTheWindowManagerTheUsersLastInput() {
        var state = F.floating(F.liveA)
        assertStep(&state, .userInput(serverTime: 4242), now: 3, effects: []) { $0.main.userTime = 4242 }
        XCTAssertTrue(state.reduce(.media(.raise), now: 4).contains(.raiseMainWindow(userTime: 4242, remap: false)))
    }

    func testOnWaylandTheFloatGoesInFrontOnceBothWindowsPresented() {
        var state = F.start(environment: AppEnvironment(metrics: F.metrics, compositorMovesFloat: true))
        state.main.list.selected = F.rooms.firstIndex(of: F.liveA)!
        _ = state.reduce(F.key(.enter), now: 1)
        _ = state.reduce(.playbackPolled("live-a", F.reports(F.liveA, .playing)), now: 1)
        _ = state.reduce(F.key(.letter("p")), now: 2)
        XCTAssertTrue(state.float.needsFront)
        XCTAssertTrue(state.main.presentedSinceMapped)
        // The main window shows the list with the room floating; the float has shown no picture yet.
        let list = StatsEvent.listShown(count: "\(F.rooms.count) rooms", statuses: F.rooms.map { $0 == F.liveA ? "Floating" : "Idle" })
        assertStep(&state, .painted(.main), now: 2.01, effects: []) {
            $0.paint.main = PaintState(dirty: false, framePending: false, lastPresent: 2.01)
            $0.paint.logged.list = list
        }
        assertStep(&state, .painted(.float), now: 2.02, effects: [.bringFloatToFront]) {
            $0.paint.float = PaintState(dirty: false, framePending: false, lastPresent: 2.02)
            $0.float.needsFront = false
        }
        assertStep(&state, .floatNotActivated, now: 2.1, effects: [
            .minimizeMainWindow, .log(.debug, "the main window is minimized so that the float shows"),
        ]) { $0.main.minimizedForFloat = true }
        XCTAssertTrue(state.reduce(.media(.raise), now: 3).contains(.raiseMainWindow(userTime: 0, remap: true)),
                      "a window minimized for the float is mapped again to come back")
        XCTAssertFalse(state.main.minimizedForFloat)
        XCTAssertFalse(state.main.presentedSinceMapped)
    }

    func testOnX11TheFloatIsNotPutInFrontByTheApp() {
        var state = F.open(F.liveA)
        _ = state.reduce(F.key(.letter("p")), now: 2)
        XCTAssertFalse(state.float.needsFront)
        _ = state.reduce(.painted(.main), now: 2)
        XCTAssertEqual(state.reduce(.painted(.float), now: 2), [])
    }

    func testTheTextIsLaidOutAgainOnlyWhenTheDesktopsScaleChanged() {
        var state = F.start()
        assertStep(&state, .desktopScaleRead(1), now: 1, effects: [])
        assertStep(&state, .desktopScaleRead(1.5), now: 1,
                   effects: [.log(.info, "scale 1.5 from the desktop"), .rescaleText(1.5)])
    }

}
