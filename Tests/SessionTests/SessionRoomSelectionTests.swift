import EngineTerms
import Rooms
import Session
import XCTest

/// W2 and W6: opening rooms from the list, resume, release, and the hosting lock.
final class SessionRoomSelectionTests: XCTestCase {
    typealias F = SessionFixtures

    func testOpeningARoomFromTheListStartsPlaybackAndShowsIt() {
        var state = F.start()
        assertStep(&state, .roomSelected("live-a"), effects: [.openPlayback(F.liveA), .showRoom("live-a")]) {
            $0.openRoomID = "live-a"
            $0.playback = ["live-a": .connecting]
            $0.mainWindow.content = .room("live-a")
        }
    }

    func testAnUnknownRoomChangesNothing() {
        var state = F.start()
        assertStep(&state, .roomSelected("nope"), effects: [.unknownRoom("nope")])
    }

    func testSelectingTheOpenRoomAgainChangesNothing() {
        var state = F.open(F.liveA)
        assertStep(&state, .roomSelected("live-a"), effects: [])
    }

    func testSelectingTheFloatingRoomResumesWithoutReopening() {
        var state = F.floatingByRequest(F.liveA)
        assertStep(&state, .roomSelected("live-a"), effects: leaveFloatEffects + [.showRoom("live-a")]) {
            $0.floatingRoomID = nil
            $0.mainWindow.content = .room("live-a")
        }
    }

    func testSelectingAnotherRoomReleasesTheFloatFirst() {
        var state = F.floatingByRequest(F.liveA)
        assertStep(&state, .roomSelected("live-b"), effects: leaveFloatEffects + [
            .stopPlayback("live-a"), .openPlayback(F.liveB), .showRoom("live-b"),
        ]) {
            $0.floatingRoomID = nil
            $0.openRoomID = "live-b"
            $0.playback = ["live-b": .connecting]
            $0.mainWindow.content = .room("live-b")
        }
    }

    func testSelectingAnotherRoomWhileOneIsOpenStopsTheFirst() {
        var state = F.open(F.liveA)
        assertStep(&state, .roomSelected("call"), effects: [
            .stopPlayback("live-a"), .openPlayback(F.call), .showRoom("call"),
        ]) {
            $0.openRoomID = "call"
            $0.playback = ["call": .connecting]
            $0.mainWindow.content = .room("call")
        }
    }

    func testOpeningAHostRoomReleasesTheFloat() {
        var state = F.floatingByRequest(F.call)
        assertStep(&state, .roomSelected("host"), effects: leaveFloatEffects + [
            .stopPlayback("call"), .openPlayback(F.host), .showRoom("host"),
        ]) {
            $0.floatingRoomID = nil
            $0.openRoomID = "host"
            $0.playback = ["host": .connecting]
            $0.mainWindow.content = .room("host")
        }
    }

    func testWhileHostingAnotherRoomOnlyToasts() {
        for other in ["live-a", "live-b", "call", "no-pip"] {
            var state = F.open(F.host)
            assertStep(&state, .roomSelected(other), effects: [.toast(.stillHosting)])
        }
    }

    func testWhileHostingTheHostRoomItselfChangesNothing() {
        var state = F.open(F.host)
        assertStep(&state, .roomSelected("host"), effects: [])
    }

    func testLeavingStopsPlaybackAndShowsTheList() {
        var state = F.open(F.liveB, status: .buffering(percent: 40))
        assertStep(&state, .leaveClicked, effects: [.stopPlayback("live-b"), .showList]) {
            $0.openRoomID = nil
            $0.playback = [:]
            $0.mainWindow.content = .list
        }
    }

    func testLeavingWhileFloatingReleases() {
        var state = F.floatingByMinimize(F.liveA, settings: RoomsSettings(autoPiP: true, autoExit: false))
        _ = state.reduce(.mainWindowRestored)
        assertStep(&state, .leaveClicked, effects: leaveFloatEffects + [.stopPlayback("live-a"), .showList]) {
            $0.floatingRoomID = nil
            $0.openRoomID = nil
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
            $0.openRoomID = nil
            $0.playback = [:]
        }
        XCTAssertFalse(state.isHosting)
        assertStep(&state, .roomSelected("live-a"), effects: [.openPlayback(F.liveA), .showRoom("live-a")]) {
            $0.openRoomID = "live-a"
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
        assertStep(&state, .roomSelected("live-a"), effects: [.toast(.stillHosting)])
        assertStep(&state, .roomSelected("host"), effects: [.showRoom("host")]) {
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
