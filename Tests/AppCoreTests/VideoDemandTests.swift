import AppCore
import AppCoreTestSupport
import EngineTerms
import PiPLayout
import Rooms
import Session
import TestSupport
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

    /// The effects setting each source's demand in `demands`, in source order.
    private func setting(_ demands: [VideoDemand]) -> [AppEffect] {
        demands.enumerated().map { .setVideo("big", source: $0.offset, $0.element) }
    }

    /// P`shown` as `demand`, everyone else as `others`.
    private func only(_ shown: Int, _ demand: VideoDemand, others: VideoDemand = .hidden) -> [VideoDemand] {
        (0..<16).map { $0 == shown ? demand : others }
    }

    /// The call's audio levels as measured with P`loudest` the loudest.
    private func levels(loudest: Int) -> [Int: Double] {
        Dictionary(uniqueKeysWithValues: reports(loudest: loudest).enumerated().map { ($0.offset, $0.element.level) })
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
        let spotlight = only(3, .full(width: 932, height: 476))
        let effects = assertStep(&state, F.key(.letter("l")), now: 2,
                                 effects: [.publish(.layout(.callLayoutChanged(.spotlight)))] + setting(spotlight)) {
            $0.session.callLayout = .spotlight
            $0.rooms["big"]?.video = spotlight
            $0.main.controlsUntil = 5
        }
        XCTAssertEqual(state.session.callLayout, .spotlight)
        XCTAssertEqual(set(effects).count, 16, "every demand changed")
        XCTAssertEqual(demands(state)[3], .full(width: 932, height: 476), "the stage between the title and the control bar")
        XCTAssertEqual(demands(state).enumerated().filter { $0.element == .hidden }.map(\.offset),
                       (0..<16).filter { $0 != 3 })
    }

    func testTheSidebarShowsTheSpeakerInFullAndTheStripAsThumbnails() throws {
        var state = openCall(speaker: 3)
        _ = state.reduce(F.key(.letter("l")), now: 2)
        let sidebar = only(3, .full(width: 737, height: 476), others: .thumbnail(width: 183, height: 20))
        assertStep(&state, F.key(.letter("l")), now: 2,
                   effects: [.publish(.layout(.callLayoutChanged(.sidebar)))] + setting(sidebar)) {
            $0.session.callLayout = .sidebar
            $0.rooms["big"]?.video = sidebar
        }
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
        let short = only(0, .full(width: 481, height: 116))
        let effects = assertStep(&state, .resized(.main, width: 640, height: 240), now: 3, effects: setting(short)) {
            $0.main.width = 640
            $0.main.height = 240
            $0.rooms["big"]?.video = short
        }
        XCTAssertEqual(set(effects)[0], .full(width: 481, height: 116))
        XCTAssertEqual(demands(state).filter { $0 == .hidden }.count, 15, "\(demands(state))")
    }

    func testTheFloatShowsTheSpeakerAloneAndHidesTheOtherFifteen() {
        var state = openCall(speaker: 5)
        let motion = FloatMotion(displays: [F.display], videoAspect: 16.0 / 9.0, placement: nil)
        let alone = only(5, .full(width: 480, height: 270))
        let effects = assertStep(&state, F.key(.letter("p")), now: 2,
                                 effects: enterFloatEffects("big", title: "Big call", frame: motion.frame)
                                    + [] + setting(alone)) {
            _ = $0.fields.send(.focusControl("main/list"))
            $0.floatEntered("big", motion: motion, at: 2)
            $0.float.speaker.shown = 5
            $0.rooms["big"]?.video = alone
        }
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
        assertStep(&state, .playbackPolled("big", reports(loudest: 9)), now: 3, effects: []) {
            $0.rooms["big"]?.levels = self.reports(loudest: 9).map(\.level)
        }
        assertStep(&state, .tick(pointer: origin), now: 3, effects: [.readDisplays, .checkRoomsFile]) {
            _ = $0.session.reduce(.audioLevelsMeasured(at: 3, levels: self.levels(loudest: 9)))
            $0.checks.displaysAt = 3
            $0.checks.roomsFileAt = 3
            $0.checks.levelsAt = 3
        }
        let change = assertStep(&state, .tick(pointer: origin), now: 4,
                                effects: [.readDisplays, .checkRoomsFile,
                                          .setVideo("big", source: 9, floatSize)]) {
            _ = $0.session.reduce(.audioLevelsMeasured(at: 4, levels: self.levels(loudest: 9)))
            $0.checks.displaysAt = 4
            $0.checks.roomsFileAt = 4
            $0.checks.levelsAt = 4
            $0.float.speaker = FloatSpeaker(shown: 5, pending: 9, since: 4)
            $0.rooms["big"]?.video[9] = floatSize
        }
        XCTAssertEqual(state.session.activeSpeaker.current, 9)
        XCTAssertEqual(set(change), [9: floatSize])
        XCTAssertEqual(demands(state).filter { $0 == .hidden }.count, 14)
        // P9's fresh picture takes the float; P5 is hidden.
        assertStep(&state, .frameReady("big", source: 9, serial: 1), now: 4.1, effects: []) {
            $0.float.speaker.staleSerial = 1
            $0.rooms["big"]?.serials[9] = 1
        }
        let fresh = assertStep(&state, .frameReady("big", source: 9, serial: 2), now: 4.2,
                               effects: [.setVideo("big", source: 5, .hidden)]) {
            $0.float.speaker = FloatSpeaker(shown: 9)
            $0.rooms["big"]?.serials[9] = 2
            $0.rooms["big"]?.video[5] = .hidden
        }
        XCTAssertEqual(state.floatSource, 9)
        XCTAssertEqual(set(fresh), [5: .hidden])
        XCTAssertEqual(demands(state).enumerated().filter { $0.element != .hidden }.map(\.offset), [9])
    }

    func testRestoringTheFloatShowsEveryTileAgainAndPauseHidesThemAll() {
        var state = openCall(speaker: 5)
        _ = state.reduce(F.key(.letter("p")), now: 2)
        let tiles = Array(repeating: VideoDemand.thumbnail(width: 198, height: 109), count: 16)
        let restore = assertStep(&state, F.key(.escape, .float), now: 3, effects: [
            .publish(.lifecycle(.willStop)), .publish(.layout(.pipLayoutDisabled)), .publish(.lifecycle(.didStop)),
            .resetMainVideo, .raiseMainWindow(userTime: 0, remap: false),
        ] + setting(tiles)) {
            _ = $0.fields.send(.focusControl("main/room"))
            $0.floatLeft("big", video: tiles, at: 3)
        }
        XCTAssertEqual(state.mainPresentedRoom(at: 3.01), [.savePlacement(.initial), .hideFloat])
        XCTAssertFalse(state.float.visible)
        XCTAssertEqual(set(restore).count, 16, "the speaker shrinks to a tile, the others come back")
        XCTAssertTrue(demands(state).allSatisfy { if case .thumbnail = $0 { true } else { false } }, "\(demands(state))")
        let hidden = Array(repeating: VideoDemand.hidden, count: 16)
        assertStep(&state, .media(.pause), now: 4, effects: [
            .setAudio("big", muted: true, volume: 1),
        ] + setting(hidden)) {
            $0.rooms["big"]?.paused = true
            $0.rooms["big"]?.video = hidden
        }
        XCTAssertEqual(state.rooms["big"]?.paused, true)
        XCTAssertEqual(demands(state), Array(repeating: .hidden, count: 16), "a paused call shows no new pictures")
    }
}

/// A call's tiles are painted together at most 36 times a second (a little more often than a
/// 30 fps participant sends, so the loop's wake-up jitter costs none of their frames), and the
/// loop does not wake for each participant's frame in between.
final class CallPaintRateTests: XCTestCase {
    func testACallsTilesArePaintedAtMost36TimesASecondAndALiveRoomAtTheDisplayRate() {
        var call = F.open(F.call)
        assertStep(&call, .painted(.main), now: 2, effects: []) { $0.paint.main.lastPresent = 2 }
        assertStep(&call, .framesUploaded(.main), now: 2.001, effects: []) { $0.paint.main.framePending = true }
        XCTAssertEqual(call.mainFrameInterval, 1.0 / 36, accuracy: 1e-9)
        XCTAssertFalse(call.shouldPaint(.main, now: 2.02), "not at the display's next period")
        XCTAssertTrue(call.shouldPaint(.main, now: 2.028))
        let wake = call.nextWake(now: 2.002, frameDelay: 0.001)
        XCTAssertEqual(wake, 2 + 1.0 / 36, accuracy: 1e-9, "a participant's frame due sooner waits for the paint")

        var live = F.open(F.liveA)
        assertStep(&live, .painted(.main), now: 2, effects: []) { $0.paint.main.lastPresent = 2 }
        assertStep(&live, .framesUploaded(.main), now: 2.001, effects: []) { $0.paint.main.framePending = true }
        XCTAssertTrue(live.shouldPaint(.main, now: 2.017))
        XCTAssertEqual(live.nextWake(now: 2.002, frameDelay: 0.001), 2.003, accuracy: 1e-9)
    }
}
