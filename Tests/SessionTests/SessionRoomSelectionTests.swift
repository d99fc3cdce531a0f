import AppCoreTestSupport
import EngineTerms
import Rooms
import Session
import XCTest

/// W2 and W6: opening rooms from the list, resume, release, and the hosting lock.
final class SessionRoomSelectionTests: XCTestCase {
    typealias F = SessionFixtures

    func testOpeningARoomFromTheListStartsPlaybackAndShowsIt() {
        var state = F.start()
        assertStep(&state, .roomSelected(F.liveA), effects: [.openPlayback(F.liveA), .showRoom("live-a")]) {
            $0.openRoom = F.liveA
            $0.playback = ["live-a": .connecting]
            $0.mainWindow.content = .room("live-a")
        }
    }

    func testSelectingTheOpenRoomAgainChangesNothing() {
        var state = F.open(F.liveA)
        assertStep(&state, .roomSelected(F.liveA), effects: [])
    }

    func testSelectingTheFloatingRoomResumesWithoutReopening() {
        var state = F.floatingByRequest(F.liveA)
        assertStep(&state, .roomSelected(F.liveA), effects: handOverEffects("live-a") + [.showRoom("live-a")]) {
            $0.floatingRoomID = nil
            $0.floatHandover = "live-a"
            $0.mainWindow.content = .room("live-a")
        }
    }

    func testSelectingAnotherRoomReleasesTheFloatFirst() {
        var state = F.floatingByRequest(F.liveA)
        assertStep(&state, .roomSelected(F.liveB), effects: leaveFloatEffects + [
            .stopPlayback("live-a"), .openPlayback(F.liveB), .showRoom("live-b"),
        ]) {
            $0.floatingRoomID = nil
            $0.openRoom = F.liveB
            $0.playback = ["live-b": .connecting]
            $0.mainWindow.content = .room("live-b")
        }
    }

    func testSelectingAnotherRoomWhileOneIsOpenStopsTheFirst() {
        var state = F.open(F.liveA)
        assertStep(&state, .roomSelected(F.call), effects: [
            .stopPlayback("live-a"), .openPlayback(F.call), .showRoom("call"),
        ]) {
            $0.openRoom = F.call
            $0.playback = ["call": .connecting]
            $0.mainWindow.content = .room("call")
        }
    }

    func testOpeningAHostRoomReleasesTheFloat() {
        var state = F.floatingByRequest(F.call)
        assertStep(&state, .roomSelected(F.host), effects: leaveFloatEffects + [
            .stopPlayback("call"), .openPlayback(F.host), .showRoom("host"),
        ]) {
            $0.floatingRoomID = nil
            $0.openRoom = F.host
            $0.playback = ["host": .connecting]
            $0.mainWindow.content = .room("host")
        }
    }

    func testWhileHostingAnotherRoomOnlyToasts() {
        for other in [F.liveA, F.liveB, F.call, F.noPiP] {
            var state = F.open(F.host)
            assertStep(&state, .roomSelected(other), effects: [.toast(.stillHosting)])
        }
    }

    func testWhileHostingTheHostRoomItselfChangesNothing() {
        var state = F.open(F.host)
        assertStep(&state, .roomSelected(F.host), effects: [])
    }

    func testLeavingStopsPlaybackAndShowsTheList() {
        var state = F.open(F.liveB, status: .buffering(percent: 40))
        assertStep(&state, .leaveClicked, effects: [.stopPlayback("live-b"), .showList]) {
            $0.openRoom = nil
            $0.playback = [:]
            $0.mainWindow.content = .list
        }
    }

    func testLeavingWhileFloatingReleases() {
        var state = F.floatingByMinimize(F.liveA, settings: RoomsSettings(autoPiP: true, autoExit: false))
        _ = state.reduce(.mainWindowRestored)
        assertStep(&state, .leaveClicked, effects: leaveFloatEffects + [.stopPlayback("live-a"), .showList]) {
            $0.floatingRoomID = nil
            $0.openRoom = nil
            $0.playback = [:]
            $0.mainWindow.content = .list
        }
    }

    func testLeavingWithNothingOpenChangesNothing() {
        var state = F.start()
        assertStep(&state, .leaveClicked, effects: [])
    }

    func testHostingEndsWhenTheHostLeaves() {
        var state = F.open(F.host)
        assertStep(&state, .leaveClicked, effects: [.stopPlayback("host"), .showList]) {
            $0.mainWindow.content = .list
            $0.openRoom = nil
            $0.playback = [:]
        }
        XCTAssertFalse(state.isHosting)
        assertStep(&state, .roomSelected(F.liveA), effects: [.openPlayback(F.liveA), .showRoom("live-a")]) {
            $0.openRoom = F.liveA
            $0.playback = ["live-a": .connecting]
            $0.mainWindow.content = .room("live-a")
        }
    }

    func testAHostBrowsesTheListWhileTheBroadcastGoesOn() {
        var state = F.open(F.host)
        assertStep(&state, .backToListClicked, effects: [.showList]) {
            $0.mainWindow.content = .list
        }
        XCTAssertTrue(state.isHosting, "the broadcast goes on behind the list")
        assertStep(&state, .roomSelected(F.liveA), effects: [.toast(.stillHosting)])
        assertStep(&state, .roomSelected(F.host), effects: [.showRoom("host")]) {
            $0.mainWindow.content = .room("host")
        }
    }

    func testBackToListIsOnlyForHosts() {
        var state = F.open(F.liveA)
        assertStep(&state, .backToListClicked, effects: [])
        var idle = F.start()
        assertStep(&idle, .backToListClicked, effects: [])
    }

    func testRetryReopensAFailedOrEndedRoom() {
        for status in [PlaybackStatus.failed(.streamFailed("boom")), .ended] {
            var state = F.open(F.liveA, status: status)
            assertStep(&state, .retryClicked, effects: [.stopPlayback("live-a"), .openPlayback(F.liveA)]) {
                $0.playback = ["live-a": .connecting]
            }
        }
    }

    func testRetryDoesNothingWhileTheRoomWorks() {
        for status in [PlaybackStatus.connecting, .buffering(percent: nil), .playing, .reconnecting(attempt: 2, retryIn: 1)] {
            var state = F.open(F.liveA, status: status)
            assertStep(&state, .retryClicked, effects: [])
        }
        var state = F.start()
        assertStep(&state, .retryClicked, effects: [])
    }
}
