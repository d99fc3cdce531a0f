import AppCore
import PiPLayout
import Rooms
import Session
import XCTest

/// Each participant's video demand follows the layout, the float, the speaker and what the
/// stage can show, step by step in a 16-person call.
final class VideoDemandTests: XCTestCase {
    private let origin = Point(x: 0, y: 0)
    private static let big = Room(id: "big", title: "Big call", media: .call(participants: (0..<16).map {
        Participant(name: "P\($0)", source: .url("http://127.0.0.1:9/p\($0).ts"))
    }))

    /// The big call open in the main window's tile grid, P`speaker` the loudest.
    private func openCall(speaker: Int = 0) -> AppState {
        var state = F.start(rooms: [Self.big])
        state.main.list.selected = 0
        _ = state.reduce(F.key(.enter), now: 1)
        _ = state.reduce(.playbackPolled("big", reports(loudest: speaker)), now: 1)
        _ = state.reduce(.tick(pointer: origin), now: 1)
        return state
    }

    private func reports(loudest: Int) -> [SourceReport] {
        (0..<16).map { SourceReport(status: .playing, opens: 1, level: $0 == loudest ? -10 : -90) }
    }

    private func demands(_ state: AppState) -> [VideoDemand?] { state.rooms["big"]?.video ?? [] }

    /// The demands the effects set, by source.
    private func set(_ effects: [AppEffect]) -> [Int: VideoDemand] {
        var out: [Int: VideoDemand] = [:]
        for case .setVideo("big", let source, let demand) in effects { out[source] = demand }
        return out
    }

    func testTheGridShowsEveryoneAsThumbnailsAtTheirTileSize() throws {
        let state = openCall()
        let layout = try XCTUnwrap(state.roomLayout(now: 1))
        XCTAssertEqual(layout.tiles.count, 16)
        for tile in layout.tiles {
            let inner = tile.rect.inset(2)
            XCTAssertEqual(demands(state)[tile.index], .thumbnail(width: inner.w, height: inner.h))
        }
        XCTAssertEqual(demands(state)[5], .thumbnail(width: 198, height: 109), "a 4x4 grid in 936x480, less the inset")
    }

    func testSpotlightShowsTheSpeakerInFullAndHidesEveryoneElse() {
        var state = openCall(speaker: 3)
        let effects = state.reduce(F.key(.letter("l")), now: 2)
        XCTAssertEqual(state.session.callLayout, .spotlight)
        XCTAssertEqual(set(effects).count, 16, "every demand changed")
        XCTAssertEqual(demands(state)[3], .full(width: 932, height: 476), "the stage between the title and the control bar")
        XCTAssertEqual(demands(state).enumerated().filter { $0.element == .hidden }.map(\.offset),
                       (0..<16).filter { $0 != 3 })
    }

    func testTheSidebarShowsTheSpeakerInFullAndTheStripAsThumbnails() throws {
        var state = openCall(speaker: 3)
        _ = state.reduce(F.key(.letter("l")), now: 2)
        _ = state.reduce(F.key(.letter("l")), now: 2)
        XCTAssertEqual(state.session.callLayout, .sidebar)
        let layout = try XCTUnwrap(state.roomLayout(now: 2))
        let main = try XCTUnwrap(layout.tiles.first { $0.index == 3 }).rect.inset(2)
        XCTAssertEqual(demands(state)[3], .full(width: main.w, height: main.h))
        for i in (0..<16) where i != 3 {
            guard case .thumbnail(let w, let h) = demands(state)[i] else { return XCTFail("P\(i): \(String(describing: demands(state)[i]))") }
            XCTAssertLessThan(w * h, main.w * main.h / 10, "P\(i) is a small picture in the strip")
        }
    }

    func testAStripTooShortForAPictureHidesItsParticipants() {
        var state = openCall(speaker: 0)
        _ = state.reduce(F.key(.letter("l")), now: 2)
        _ = state.reduce(F.key(.letter("l")), now: 2)
        // 15 tiles in the strip of a 240 px tall window leave each less than the tile's inset.
        let effects = state.reduce(.resized(.main, width: 640, height: 240), now: 3)
        XCTAssertEqual(set(effects)[0], .full(width: 481, height: 116))
        XCTAssertEqual(demands(state).filter { $0 == .hidden }.count, 15, "\(demands(state))")
    }

    func testTheFloatShowsTheSpeakerAloneAndHidesTheOtherFifteen() {
        var state = openCall(speaker: 5)
        let effects = state.reduce(F.key(.letter("p")), now: 2)
        XCTAssertTrue(state.float.visible)
        XCTAssertEqual(set(effects)[5], .full(width: state.float.width, height: state.float.height))
        XCTAssertEqual(demands(state).filter { $0 == .hidden }.count, 15)
        XCTAssertEqual(demands(state)[5], .full(width: state.float.width, height: state.float.height))
    }

    func testASpeakerChangeInTheFloatShowsTheNewSpeakerAndThenHidesTheOldOne() {
        var state = openCall(speaker: 5)
        _ = state.reduce(F.key(.letter("p")), now: 2)
        _ = state.reduce(.tick(pointer: origin), now: 2)
        let floatSize = VideoDemand.full(width: state.float.width, height: state.float.height)
        // P9 becomes the loudest and, a second later, the active speaker: both are shown while
        // P9 has no fresh picture yet.
        _ = state.reduce(.playbackPolled("big", reports(loudest: 9)), now: 3)
        _ = state.reduce(.tick(pointer: origin), now: 3)
        let change = state.reduce(.tick(pointer: origin), now: 4)
        XCTAssertEqual(state.session.activeSpeaker.current, 9)
        XCTAssertEqual(set(change), [9: floatSize])
        XCTAssertEqual(demands(state).filter { $0 == .hidden }.count, 14)
        // P9's fresh picture takes the float; P5 is hidden.
        _ = state.reduce(.frameReady("big", source: 9, serial: 1), now: 4.1)
        let fresh = state.reduce(.frameReady("big", source: 9, serial: 2), now: 4.2)
        XCTAssertEqual(state.floatSource, 9)
        XCTAssertEqual(set(fresh), [5: .hidden])
        XCTAssertEqual(demands(state).enumerated().filter { $0.element != .hidden }.map(\.offset), [9])
    }

    func testRestoringTheFloatShowsEveryTileAgainAndPauseHidesThemAll() {
        var state = openCall(speaker: 5)
        _ = state.reduce(F.key(.letter("p")), now: 2)
        let restore = state.reduce(F.key(.escape, .float), now: 3)
        XCTAssertFalse(state.float.visible)
        XCTAssertEqual(set(restore).count, 16, "the speaker shrinks to a tile, the others come back")
        XCTAssertTrue(demands(state).allSatisfy { if case .thumbnail = $0 { true } else { false } }, "\(demands(state))")
        _ = state.reduce(.media(.pause), now: 4)
        XCTAssertEqual(state.rooms["big"]?.paused, true)
        XCTAssertEqual(demands(state), Array(repeating: .hidden, count: 16), "a paused call shows no new pictures")
    }
}

/// A call's tiles are painted together at most 30 times a second, and the loop does not wake
/// for each participant's frame in between.
final class CallPaintRateTests: XCTestCase {
    func testACallsTilesArePaintedAtMost30TimesASecondAndALiveRoomAtTheDisplayRate() {
        var call = F.open(F.call)
        _ = call.reduce(.painted(.main), now: 2)
        _ = call.reduce(.framesUploaded(.main), now: 2.001)
        XCTAssertEqual(call.mainFrameInterval, 1.0 / 30, accuracy: 1e-9)
        XCTAssertFalse(call.shouldPaint(.main, now: 2.02), "not at the display's next period")
        XCTAssertTrue(call.shouldPaint(.main, now: 2.034))
        let wake = call.nextWake(now: 2.002, frameDelay: 0.001)
        XCTAssertEqual(wake, 2 + 1.0 / 30, accuracy: 1e-9, "a participant's frame due sooner waits for the paint")

        var live = F.open(F.liveA)
        _ = live.reduce(.painted(.main), now: 2)
        _ = live.reduce(.framesUploaded(.main), now: 2.001)
        XCTAssertTrue(live.shouldPaint(.main, now: 2.017))
        XCTAssertEqual(live.nextWake(now: 2.002, frameDelay: 0.001), 2.003, accuracy: 1e-9)
    }
}
