import AppCore
import AppCoreTestSupport
import Rooms
import XCTest

/// The playback that may start before the first window (a cold start): `--open`'s live room to
/// watch, and exactly the room and bound that the open at start then asks for, so the shell's
/// early player is the one taken over.
final class EarlyPlaybackTests: XCTestCase {
    private let config = RoomsConfig(rooms: FixtureRooms.all)

    func testOnlyALiveRoomToWatchNamedByOpenStartsBeforeTheWindow() {
        XCTAssertEqual(AppState.playbackBeforeWindow(config, openRoom: "live-b"), FixtureRooms.liveB)
        XCTAssertEqual(AppState.playbackBeforeWindow(config, openRoom: "no-pip"), FixtureRooms.noPiP)
        XCTAssertNil(AppState.playbackBeforeWindow(config, openRoom: nil), "nothing to open")
        XCTAssertNil(AppState.playbackBeforeWindow(config, openRoom: "missing"), "no such room")
        XCTAssertNil(AppState.playbackBeforeWindow(config, openRoom: "host"), "a host room broadcasts")
        XCTAssertNil(AppState.playbackBeforeWindow(config, openRoom: "call"), "a call's participants")
    }

    func testTheOpenAtStartAsksForTheEarlyRoomWithNoDelayBound() {
        for id in ["live-a", "live-b", "no-pip"] {
            var state = F.start()
            let effects = state.reduce(.started(openRoom: id, float: false), now: 1)
            let opens = effects.compactMap { effect -> (Room, Double?)? in
                if case .openPlayback(let room, let limit) = effect { return (room, limit) }
                return nil
            }
            XCTAssertEqual(opens.count, 1, "one open for \(id): \(effects)")
            XCTAssertEqual(opens.first?.0, AppState.playbackBeforeWindow(config, openRoom: id), id)
            XCTAssertNil(opens.first?.1, "no delay bound for \(id)")
        }
    }
}
