import AppCoreTestSupport
import EngineTerms
import Rooms
import Session
import XCTest

/// Playback status changes and rooms file reloads, including M5's release triggers.
final class SessionPlaybackAndReloadTests: XCTestCase {
    typealias F = SessionFixtures

    func testStatusOfTheOpenRoomIsRecorded() {
        let statuses: [PlaybackStatus] = [
            .connecting, .buffering(percent: nil), .buffering(percent: 70), .playing,
            .reconnecting(attempt: 3, retryIn: 2), .failed(.streamFailed("No such file")), .ended,
        ]
        for status in statuses {
            var state = F.open(F.liveA, status: .connecting)
            assertStep(&state, .playbackStatusChanged("live-a", status), effects: []) { $0.playback["live-a"] = status }
            XCTAssertEqual(state.status(of: "live-a"), status)
        }
    }

    func testStatusOfARoomThatIsNotOpenIsIgnored() {
        var state = F.open(F.liveA)
        assertStep(&state, .playbackStatusChanged("live-b", .playing), effects: [
            .log(.debug, "ignored status playing of room \"live-b\", which is not open"),
        ])
        XCTAssertEqual(state.status(of: "live-b"), .idle)
    }

    func testAFloatingRoomThatEndsIsReleased() {
        var state = F.floatingByRequest(F.liveA)
        assertStep(&state, .playbackStatusChanged("live-a", .ended), effects: leaveFloatEffects + [
            .stopPlayback("live-a"), .showList, .toast(.ended(title: "Live A")),
        ]) {
            $0.floatingRoomID = nil
            $0.openRoom = nil
            $0.playback = [:]
        }
    }

    func testAFloatingRoomThatReconnectsOrFailsKeepsFloating() {
        for status in [PlaybackStatus.reconnecting(attempt: 1, retryIn: 0.5), .failed(.streamFailed("x"))] {
            var state = F.floatingByRequest(F.liveA)
            assertStep(&state, .playbackStatusChanged("live-a", status), effects: []) { $0.playback["live-a"] = status }
        }
    }

    func testReloadWithTheSameRoomsReplacesTheOpenRoomAndSettings() {
        var state = F.floatingByRequest(F.liveA)
        var config = F.config
        config.rooms[0].title = "Renamed"
        config.settings = RoomsSettings(autoPiP: false, autoExit: false)
        let listed = config.rooms.first { $0.id == "live-a" }
        assertStep(&state, .roomsFileReloaded(config.settings, openRoom: listed), effects: []) {
            $0.openRoom = listed
            $0.settings = config.settings
        }
    }

    func testReloadWithoutTheFloatingRoomReleasesIt() {
        var state = F.floatingByRequest(F.liveA)
        let config = RoomsConfig(rooms: [F.liveB, F.call])
        let listed = config.rooms.first { $0.id == "live-a" }
        assertStep(&state, .roomsFileReloaded(config.settings, openRoom: listed), effects: leaveFloatEffects + [
            .stopPlayback("live-a"), .showList, .toast(.removedFromRoomsFile(title: "Live A")),
        ]) {
            $0.floatingRoomID = nil
            $0.openRoom = nil
            $0.playback = [:]
        }
    }

    func testReloadWithANewSourceForTheFloatingRoomReleasesIt() {
        var state = F.floatingByMinimize(F.liveA)
        var config = F.config
        config.rooms[0].media = .live(source: .lavfi(graph: "mandelbrot"))
        let listed = config.rooms.first { $0.id == "live-a" }
        assertStep(&state, .roomsFileReloaded(config.settings, openRoom: listed), effects: leaveFloatEffects + [
            .stopPlayback("live-a"), .showList, .toast(.newSource(title: "Live A")),
        ]) {
            $0.floatingRoomID = nil
            $0.openRoom = nil
            $0.playback = [:]
            $0.mainWindow.content = .list
        }
    }

    func testReloadWithoutTheOpenRoomClosesIt() {
        var state = F.open(F.call)
        let config = RoomsConfig(rooms: [F.liveA])
        let listed = config.rooms.first { $0.id == "call" }
        assertStep(&state, .roomsFileReloaded(config.settings, openRoom: listed), effects: [
            .stopPlayback("call"), .showList, .toast(.removedFromRoomsFile(title: "Call")),
        ]) {
            $0.openRoom = nil
            $0.playback = [:]
            $0.mainWindow.content = .list
        }
    }

    func testReloadThatMakesTheFloatingRoomAHostRestoresIt() {
        var state = F.floatingByRequest(F.liveB)
        var config = F.config
        config.rooms[1].role = .host
        let listed = config.rooms.first { $0.id == "live-b" }
        assertStep(&state, .roomsFileReloaded(config.settings, openRoom: listed), effects: handOverEffects("live-b") + [.showMainWindow(.room("live-b"))]) {
            $0.openRoom = listed
            $0.floatingRoomID = nil
            $0.floatHandover = "live-b"
            $0.mainWindow.content = .room("live-b")
        }
    }

    func testReloadThatOptsTheFloatingRoomOutOfPiPRestoresIt() {
        var state = F.floatingByRequest(F.liveB)
        var config = F.config
        config.rooms[1].pip = false
        let listed = config.rooms.first { $0.id == "live-b" }
        assertStep(&state, .roomsFileReloaded(config.settings, openRoom: listed), effects: handOverEffects("live-b") + [.showMainWindow(.room("live-b"))]) {
            $0.openRoom = listed
            $0.floatingRoomID = nil
            $0.floatHandover = "live-b"
            $0.mainWindow.content = .room("live-b")
        }
    }
}
