import AppCore
import AppCoreTestSupport
import PiPLayout
import TestSupport
import XCTest

/// What the core decides for the shell's windows: raising the main window with the user's last
/// input time, the float put in front on Wayland (P18), the text laid out again at a new scale,
/// and the stats lines of what the windows painted.
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
        assertStep(&state, .painted(.main), now: 2.01, effects: [.stats(list)]) {
            $0.paint.main = PaintState(dirty: false, framePending: false, lastPresent: 2.01)
            $0.logged.list = list
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

    func testTheListsWordsAreLoggedWhenAPaintShowsNewOnes() {
        var state = AppState(config: .init(rooms: F.rooms), environment: AppEnvironment(metrics: F.metrics))
        _ = state.reduce(.resized(.main, width: 960, height: 600), now: 0)
        let shown = StatsEvent.listShown(count: "\(F.rooms.count) rooms", statuses: F.rooms.map { _ in "Idle" })
        assertStep(&state, .painted(.main), now: 0.1, effects: [.stats(shown)]) {
            $0.paint.main = PaintState(dirty: false, framePending: false, lastPresent: 0.1)
            $0.main.presentedSinceMapped = true
            $0.logged.list = shown
        }
        assertStep(&state, .painted(.main), now: 0.2, effects: []) {
            $0.paint.main.lastPresent = 0.2
        }
    }

    func testTheCallFloatsSpeakerIsLoggedWhenAPaintShowsAnotherOne() {
        var state = F.floating(F.call)
        XCTAssertEqual(state.logged.floatSpeaker, .floatSpeaker("call", name: "P0", muted: false))
        XCTAssertEqual(state.reduce(.painted(.float), now: 2.5), [], "the same speaker again is not news")
    }

    func testAPresentLogsTheNewPictureItShowsOrAFloatWithoutOne() {
        var state = F.open(F.liveA)
        XCTAssertEqual(state.reduce(.pictureShown(.main, pts: 1.5), now: 1.6), [], "no new frame waited for this paint")
        _ = state.reduce(.framesUploaded(.main), now: 1.7)
        assertStep(&state, .pictureShown(.main, pts: 1.7), now: 1.7, effects: [.stats(.frame(window: .main, "live-a", pts: 1.7))])
        _ = state.reduce(F.key(.letter("p")), now: 2)
        assertStep(&state, .pictureShown(.float, pts: 1.9), now: 2, effects: [.stats(.frame(window: .float, "live-a", pts: 1.9))])
        _ = state.reduce(.painted(.float), now: 2)
        XCTAssertEqual(state.reduce(.pictureShown(.float, pts: 1.9), now: 2.1), [], "the same picture painted again")
        XCTAssertEqual(state.reduce(.pictureShown(.float, pts: nil), now: 2.2), [.stats(.blank(window: .float, "live-a"))])
    }

    func testOnlyACallsTilesOnScreenLogTheirNewPictures() {
        var state = F.open(F.call)
        let frames = [UploadedFrame(source: 0, pts: 1, still: false), UploadedFrame(source: 2, pts: 1.1, still: true)]
        XCTAssertEqual(state.reduce(.framesUploaded(.main, frames: frames), now: 1.5),
                       [.stats(.tileFrame("call", source: 0, pts: 1, still: false)), .stats(.tileFrame("call", source: 2, pts: 1.1, still: true))])
        _ = state.reduce(F.key(.letter("l")), now: 2)
        XCTAssertEqual(state.mainSources, [0], "spotlight shows the active speaker only")
        XCTAssertEqual(state.reduce(.framesUploaded(.main, frames: frames), now: 2.5),
                       [.stats(.tileFrame("call", source: 0, pts: 1, still: false))])
        var live = F.open(F.liveA)
        XCTAssertEqual(live.reduce(.framesUploaded(.main, frames: [UploadedFrame(source: 0, pts: 1, still: false)]), now: 1.5), [],
                       "a live room has no tiles")
    }
}
