import AppCoreTestSupport
import Session
import XCTest

/// W4 and M4: the call's active speaker, layout and participant list.
final class SessionCallTests: XCTestCase {
    typealias F = SessionFixtures

    func testTheFirstSpeakerIsShownAtOnce() {
        var speaker = ActiveSpeaker()
        speaker.update(at: 0, levels: [0: -40, 1: -20, 2: -30])
        XCTAssertEqual(speaker, ActiveSpeaker(current: 1))
    }

    func testANewSpeakerTakesOverOnlyAfterLeadingForOneSecond() {
        var speaker = ActiveSpeaker(current: 0)
        speaker.update(at: 10.0, levels: [0: -40, 1: -20])
        XCTAssertEqual(speaker, ActiveSpeaker(current: 0, challenger: .init(index: 1, since: 10.0)))
        speaker.update(at: 10.99, levels: [0: -40, 1: -20])
        XCTAssertEqual(speaker, ActiveSpeaker(current: 0, challenger: .init(index: 1, since: 10.0)))
        speaker.update(at: 11.0, levels: [0: -40, 1: -20])
        XCTAssertEqual(speaker, ActiveSpeaker(current: 1))
    }

    func testABriefLeadDoesNotChangeTheSpeaker() {
        var speaker = ActiveSpeaker(current: 0)
        speaker.update(at: 0.0, levels: [0: -40, 1: -20])
        speaker.update(at: 0.5, levels: [0: -10, 1: -20])
        XCTAssertEqual(speaker, ActiveSpeaker(current: 0))
        speaker.update(at: 0.9, levels: [0: -40, 1: -20])
        speaker.update(at: 1.5, levels: [0: -40, 1: -20])
        XCTAssertEqual(speaker, ActiveSpeaker(current: 0, challenger: .init(index: 1, since: 0.9)))
    }

    func testAChangeOfChallengerRestartsTheHold() {
        var speaker = ActiveSpeaker(current: 0)
        speaker.update(at: 0.0, levels: [0: -40, 1: -20, 2: -30])
        speaker.update(at: 0.8, levels: [0: -40, 1: -30, 2: -20])
        speaker.update(at: 1.2, levels: [0: -40, 1: -30, 2: -20])
        XCTAssertEqual(speaker, ActiveSpeaker(current: 0, challenger: .init(index: 2, since: 0.8)))
        speaker.update(at: 1.8, levels: [0: -40, 1: -30, 2: -20])
        XCTAssertEqual(speaker, ActiveSpeaker(current: 2))
    }

    func testSilenceNeitherTakesOverNorKeepsAChallenge() {
        var speaker = ActiveSpeaker(current: 0, challenger: .init(index: 1, since: 0))
        speaker.update(at: 2, levels: [0: -90, 1: -80, 2: -.infinity])
        XCTAssertEqual(speaker, ActiveSpeaker(current: 0))
        var nobody = ActiveSpeaker()
        nobody.update(at: 0, levels: [0: -70, 1: .nan])
        XCTAssertEqual(nobody, ActiveSpeaker())
    }

    func testEqualLevelsFavourTheLowerIndex() {
        var speaker = ActiveSpeaker()
        speaker.update(at: 0, levels: [2: -20, 1: -20, 3: -20])
        XCTAssertEqual(speaker.current, 1)
    }

    func testLevelsOfTheOpenCallDriveTheSpeakerAndIgnoreUnknownParticipants() {
        var state = F.open(F.call)
        assertStep(&state, .audioLevelsMeasured(at: 1, levels: [0: -30, 1: -20, 7: 0]), effects: []) {
            $0.activeSpeaker = ActiveSpeaker(current: 1)
        }
        assertStep(&state, .audioLevelsMeasured(at: 2, levels: [0: -10, 1: -20]), effects: []) {
            $0.activeSpeaker = ActiveSpeaker(current: 1, challenger: .init(index: 0, since: 2))
        }
        assertStep(&state, .audioLevelsMeasured(at: 3, levels: [0: -10, 1: -20]), effects: []) {
            $0.activeSpeaker = ActiveSpeaker(current: 0)
        }
    }

    func testLevelsWithoutAnOpenCallAreIgnored() {
        var live = F.open(F.liveA)
        assertStep(&live, .audioLevelsMeasured(at: 1, levels: [0: -10]), effects: [])
        var none = F.start()
        assertStep(&none, .audioLevelsMeasured(at: 1, levels: [0: -10]), effects: [])
    }

    func testOpeningAnotherRoomForgetsTheSpeaker() {
        var state = F.open(F.call)
        _ = state.reduce(.audioLevelsMeasured(at: 1, levels: [2: -10]))
        assertStep(&state, .leaveClicked, effects: [.stopPlayback("call"), .showList]) {
            $0.mainWindow.content = .list
            $0.openRoom = nil
            $0.playback = [:]
            $0.activeSpeaker = ActiveSpeaker()
        }
        XCTAssertEqual(state.activeSpeaker, ActiveSpeaker())
    }

    func testSelectingALayoutEmitsAnEventOnlyWhenItChanges() {
        var state = F.open(F.call)
        assertStep(&state, .callLayoutSelected(.spotlight), effects: [.layout(.callLayoutChanged(.spotlight))]) {
            $0.callLayout = .spotlight
        }
        assertStep(&state, .callLayoutSelected(.spotlight), effects: [])
        assertStep(&state, .callLayoutSelected(.sidebar), effects: [.layout(.callLayoutChanged(.sidebar))]) {
            $0.callLayout = .sidebar
        }
        assertStep(&state, .callLayoutSelected(.tile), effects: [.layout(.callLayoutChanged(.tile))]) {
            $0.callLayout = .tile
        }
    }

    func testTheParticipantListToggles() {
        var state = F.open(F.call)
        assertStep(&state, .participantListToggled, effects: [.layout(.participantListVisible)]) {
            $0.participantList = .visible
        }
        assertStep(&state, .participantListToggled, effects: [.layout(.participantListHidden)]) {
            $0.participantList = .hidden
        }
    }
}
