import AppCoreTestSupport
import EngineTerms
import Rooms
import Session
import XCTest

/// P1, P9, P10, P16, M1, M2: entering and leaving PiP.
final class SessionPiPTests: XCTestCase {
    typealias F = SessionFixtures

    // MARK: Requests (P1, M2)

    func testARequestFloatsTheRoomAndTakesTheMainWindowToTheList() {
        for origin in [PiPOrigin.control, .key, .commandLine] {
            for status in [PlaybackStatus.connecting, .buffering(percent: 10), .playing] {
                var state = F.open(F.liveA, status: status)
                assertStep(&state, .pipRequested(origin: origin), effects: enterFloatEffects("live-a") + [.showList]) {
                    $0.floatingRoomID = "live-a"
                    $0.mainWindow.content = .list
                }
                XCTAssertTrue(state.isActive)
                XCTAssertEqual(state.phase, .active)
            }
        }
    }

    func testARequestIsRefusedWhenTheRoomDoesNotPlay() {
        for status in [PlaybackStatus.reconnecting(attempt: 1, retryIn: 0.5), .ended, .failed(.streamFailed("x"))] {
            var state = F.open(F.liveA, status: status)
            let refusal = PiPRefusal.notPlaying(status)
            assertStep(&state, .pipRequested(origin: .key), effects: [.lifecycle(.failedToStart(refusal)), .toast(.refused(refusal))])
            XCTAssertFalse(state.isActive)
        }
    }

    func testARequestIsRefusedWithNoRoomOpen() {
        var state = F.start()
        assertStep(&state, .pipRequested(origin: .control), effects: [
            .lifecycle(.failedToStart(.noRoomOpen)), .toast(.refused(.noRoomOpen)),
        ])
    }

    func testARequestIsRefusedForAHostRoom() {
        var state = F.open(F.host)
        assertStep(&state, .pipRequested(origin: .control), effects: [
            .lifecycle(.failedToStart(.hosting)), .toast(.refused(.hosting)),
        ])
    }

    func testDisabledPiPMakesEveryRequestANoOp() {
        var state = F.open(F.noPiP)
        assertStep(&state, .pipRequested(origin: .control), effects: [])

        var global = F.open(F.liveA)
        _ = global.reduce(.pipEnabledChanged(.global, .disabled))
        assertStep(&global, .pipRequested(origin: .key), effects: [])

        var nothingOpen = F.start()
        _ = nothingOpen.reduce(.pipEnabledChanged(.global, .disabled))
        assertStep(&nothingOpen, .pipRequested(origin: .commandLine), effects: [])
        XCTAssertEqual(nothingOpen.pipAvailability(for: F.liveA), .disabled)
    }

    func testARequestWhileFloatingChangesNothing() {
        var state = F.floatingByRequest(F.liveA)
        assertStep(&state, .pipRequested(origin: .key), effects: [.log(.debug, "PiP requested by key while already active")])
    }

    // MARK: Restore and release (P9, P10)

    func testClickingTheFloatRestoresTheFullView() {
        var state = F.floatingByRequest(F.call)
        assertStep(&state, .floatClicked, effects: handOverEffects("call") + [.showMainWindow(.room("call"))]) {
            $0.floatingRoomID = nil
            $0.floatHandover = "call"
            $0.mainWindow = MainWindowState(content: .room("call"), presence: .shown)
        }
        XCTAssertFalse(state.isActive)
    }

    func testClickingAFloatEnteredByMinimizingShowsTheMainWindowAgain() {
        var state = F.floatingByMinimize(F.liveA)
        assertStep(&state, .floatClicked, effects: handOverEffects("live-a") + [.showMainWindow(.room("live-a"))]) {
            $0.floatingRoomID = nil
            $0.floatHandover = "live-a"
            $0.mainWindow.presence = .shown
        }
    }

    func testClosingTheFloatReleasesIt() {
        var state = F.floatingByRequest(F.liveB)
        assertStep(&state, .floatCloseClicked, effects: leaveFloatEffects + [.stopPlayback("live-b"), .showList]) {
            $0.floatingRoomID = nil
            $0.openRoom = nil
            $0.playback = [:]
        }
    }

    func testClosingAFloatEnteredByMinimizingShowsTheListInTheMinimizedWindow() {
        var state = F.floatingByMinimize(F.liveB)
        assertStep(&state, .floatCloseClicked, effects: leaveFloatEffects + [.stopPlayback("live-b"), .showList]) {
            $0.floatingRoomID = nil
            $0.openRoom = nil
            $0.playback = [:]
            $0.mainWindow.content = .list
        }
    }

    func testFloatButtonsWithoutAFloatChangeNothing() {
        var state = F.open(F.liveA)
        assertStep(&state, .floatClicked, effects: [])
        assertStep(&state, .floatCloseClicked, effects: [])
    }

    // MARK: Minimize and restore the main window (P1, P16)

    func testMinimizingWhilePlayingFloatsAndKeepsTheRoomInTheMainWindow() {
        var state = F.open(F.call)
        assertStep(&state, .mainWindowMinimized, effects: enterFloatEffects("call")) {
            $0.floatingRoomID = "call"
            $0.mainWindow.presence = .minimized
        }
    }

    func testMinimizingWithoutAutoPiPOnlyMinimizes() {
        var state = F.open(F.call, settings: RoomsSettings(autoPiP: false, autoExit: true))
        assertStep(&state, .mainWindowMinimized, effects: []) { $0.mainWindow.presence = .minimized }
    }

    func testMinimizingWhenPiPIsNotPossibleOnlyMinimizes() {
        let cases: [SessionState] = [
            F.start(),
            F.open(F.liveA, status: .connecting),
            F.open(F.liveA, status: .buffering(percent: 5)),
            F.open(F.liveA, status: .failed(.streamFailed("x"))),
            F.open(F.host),
            F.open(F.noPiP),
        ]
        for var state in cases {
            assertStep(&state, .mainWindowMinimized, effects: []) { $0.mainWindow.presence = .minimized }
        }
    }

    func testMinimizingWhileFloatingOnlyMinimizes() {
        var state = F.floatingByRequest(F.liveA)
        assertStep(&state, .mainWindowMinimized, effects: []) { $0.mainWindow.presence = .minimized }
        assertStep(&state, .mainWindowMinimized, effects: [])
    }

    func testRestoringTheMainWindowShowingTheFloatingRoomLeavesPiP() {
        var state = F.floatingByMinimize(F.liveA)
        assertStep(&state, .mainWindowRestored, effects: handOverEffects("live-a")) {
            $0.floatingRoomID = nil
            $0.floatHandover = "live-a"
            $0.mainWindow.presence = .shown
        }
    }

    func testTheFloatClosesOnceTheRestoredMainWindowShowsTheRoom() {
        var state = F.floatingByMinimize(F.liveA)
        _ = state.reduce(.mainWindowRestored)
        XCTAssertFalse(state.isActive)
        XCTAssertEqual(state.floatWindowRoomID, "live-a")
        assertStep(&state, .mainPictureShown, effects: [.closeFloat]) { $0.floatHandover = nil }
        assertStep(&state, .mainPictureShown, effects: [])
        XCTAssertNil(state.floatWindowRoomID)
    }

    func testMinimizingAgainDuringTheHandoverClosesTheFloatBeforeFloatingAgain() {
        var state = F.floatingByMinimize(F.liveA)
        _ = state.reduce(.mainWindowRestored)
        assertStep(&state, .mainWindowMinimized, effects: [.closeFloat] + enterFloatEffects("live-a")) {
            $0.floatHandover = nil
            $0.floatingRoomID = "live-a"
            $0.mainWindow.presence = .minimized
        }
    }

    func testLeavingTheRoomDuringTheHandoverClosesTheFloat() {
        var state = F.floatingByRequest(F.liveB)
        _ = state.reduce(.floatClicked)
        assertStep(&state, .leaveClicked, effects: [.closeFloat, .stopPlayback("live-b"), .showList]) {
            $0.floatHandover = nil
            $0.openRoom = nil
            $0.playback = [:]
            $0.mainWindow.content = .list
        }
    }

    func testRestoringWithoutAutoExitKeepsTheFloat() {
        var state = F.floatingByMinimize(F.liveA, settings: RoomsSettings(autoPiP: true, autoExit: false))
        assertStep(&state, .mainWindowRestored, effects: []) { $0.mainWindow.presence = .shown }
    }

    func testRestoringTheMainWindowOnTheListKeepsTheFloat() {
        var state = F.floatingByRequest(F.liveA)
        _ = state.reduce(.mainWindowMinimized)
        assertStep(&state, .mainWindowRestored, effects: []) { $0.mainWindow.presence = .shown }
        assertStep(&state, .mainWindowRestored, effects: [])
    }

    // MARK: Enabling (M1)

    func testDisablingPiPGloballyWhileFloatingRestoresFirst() {
        var state = F.floatingByRequest(F.liveA)
        assertStep(&state, .pipEnabledChanged(.global, .disabled), effects: handOverEffects("live-a") + [.showMainWindow(.room("live-a"))]) {
            $0.globalPiP = .disabled
            $0.floatingRoomID = nil
            $0.floatHandover = "live-a"
            $0.mainWindow.content = .room("live-a")
        }
    }

    func testDisablingTheFloatingRoomsPiPRestoresFirst() {
        var state = F.floatingByMinimize(F.liveB)
        assertStep(&state, .pipEnabledChanged(.room("live-b"), .disabled), effects: handOverEffects("live-b") + [.showMainWindow(.room("live-b"))]) {
            $0.pipByRoom["live-b"] = false
            $0.floatingRoomID = nil
            $0.floatHandover = "live-b"
            $0.mainWindow.presence = .shown
        }
    }

    func testDisablingAnotherRoomsPiPKeepsTheFloat() {
        var state = F.floatingByRequest(F.liveA)
        assertStep(&state, .pipEnabledChanged(.room("live-b"), .disabled), effects: []) { $0.pipByRoom["live-b"] = false }
    }

    func testEnablingPiPAgainAllowsRequests() {
        var state = F.open(F.noPiP)
        assertStep(&state, .pipEnabledChanged(.room("no-pip"), .enabled), effects: []) { $0.pipByRoom["no-pip"] = true }
        assertStep(&state, .pipRequested(origin: .control), effects: enterFloatEffects("no-pip") + [.showList]) {
            $0.floatingRoomID = "no-pip"
            $0.mainWindow.content = .list
        }
        var global = F.start()
        _ = global.reduce(.pipEnabledChanged(.global, .disabled))
        assertStep(&global, .pipEnabledChanged(.global, .enabled), effects: []) { $0.globalPiP = .enabled }
    }

    func testARoomsPiPIsSetByIdWhetherOrNotItIsListed() {
        // The list is the app's: the session keeps the setting for the id, for when that room opens.
        var state = F.start()
        assertStep(&state, .pipEnabledChanged(.room("x"), .disabled), effects: []) { $0.pipByRoom["x"] = false }
        var x = F.liveA
        x.id = "x"
        XCTAssertEqual(state.pipAvailability(for: x), .disabled)
    }
}
