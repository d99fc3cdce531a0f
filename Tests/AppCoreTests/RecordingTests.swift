import AppCore
import AppCoreTestSupport
import EngineTerms
import Rooms
import XCTest

/// D8 in the core: a source whose open found it a recording has no LIVE badge in the room view or
/// the float, its clock reads position / length, its end shows Ended with Retry, and Enter (or
/// Retry) opens it again from its start; a live room keeps its badge and its clock.
final class RecordingTests: XCTestCase {
    private func recording(_ status: PlaybackStatus, position: Double?) -> [SourceReport] {
        [SourceReport(status: status, duration: 190, position: position)]
    }

    func testARecordingHasNoLiveBadgeAndItsClockReadsItsPositionOfItsLength() throws {
        var state = F.open(F.liveA)
        let live = try XCTUnwrap(state.roomLayout(now: 2.5))
        XCTAssertEqual(live.badge?.text, UIMetrics.live, "a live room shows LIVE")
        XCTAssertEqual(live.elapsed, 1.5)
        XCTAssertNil(live.duration)

        let effects = state.reduce(.playbackPolled("live-a", recording(.playing, position: 42.4)), now: 2.5)
        XCTAssertEqual(effects, [.log(.info, "room \"live-a\" plays a recording of 190.0 s: it ends at its end, no reconnection")])
        let view = try XCTUnwrap(state.roomLayout(now: 2.5))
        XCTAssertTrue(view.controlsVisible)
        XCTAssertNil(view.badge, "no LIVE badge over a recording")
        XCTAssertEqual(view.elapsed, 42.4)
        XCTAssertEqual(view.duration, 190)

        let later = state.reduce(.playbackPolled("live-a", recording(.buffering(percent: 50), position: nil)), now: 3)
        XCTAssertFalse(later.contains { if case .log = $0 { true } else { false } }, "the recording is said once: \(later)")
        XCTAssertEqual(state.roomLayout(now: 3)?.elapsed, 42.4, "a stopped clock keeps the last position")
    }

    func testAFloatingRecordingHasNoLiveBadge() {
        var state = F.floating(F.liveA)
        XCTAssertFalse(state.floatLayout(now: 3).isRecording)
        _ = state.reduce(.playbackPolled("live-a", recording(.playing, position: 3)), now: 3)
        XCTAssertTrue(state.floatLayout(now: 3).isRecording)
    }

    func testAnEndedRecordingShowsEndedWithRetryAndEnterPlaysItAgainFromTheStart() throws {
        var state = F.open(F.liveA)
        _ = state.reduce(.playbackPolled("live-a", recording(.playing, position: 189)), now: 190)
        XCTAssertEqual(state.reduce(F.key(.enter), now: 190), [], "Enter does nothing while it plays")
        _ = state.reduce(.playbackPolled("live-a", recording(.ended, position: 189.9)), now: 191)
        let view = try XCTUnwrap(state.roomLayout(now: 191))
        XCTAssertEqual(view.overlay?.captions.map(\.text), ["Ended"])
        let retry = try XCTUnwrap(view.overlay?.retry, "Ended offers to play it again in the full view")
        XCTAssertTrue(view.controls.contains(Hotspot(rect: retry, target: .retry)))
        XCTAssertEqual(view.overlay?.retryLabel, "Play again", "a recording's end offers to play it again")
        XCTAssertGreaterThanOrEqual(retry.w, 10 * 7 + 32, "the button is as wide as its label, which the shell measured")
        XCTAssertEqual(state.accessibleTree(now: 191).entry("main/control:retry")?.node.name, "Play again",
                       "a screen reader names the button as it is painted")
        XCTAssertEqual(view.elapsed, 190, "an ended recording's clock reads its whole length")
        XCTAssertNil(view.badge)

        let effects = state.reduce(F.key(.enter), now: 192)
        XCTAssertTrue(effects.contains(.closePlayback("live-a")), "\(effects)")
        XCTAssertTrue(effects.contains { if case .openPlayback(let room, _) = $0 { room.id == "live-a" } else { false } },
                      "\(effects)")
        XCTAssertEqual(state.rooms["live-a"]?.sources, [.connecting])
        XCTAssertNil(state.rooms["live-a"]?.recording, "the new open finds out again what the source is")
    }

    func testAPausedRecordingIsHeldWhereItPausedAndALiveRoomIsNot() {
        var live = F.open(F.liveA)
        let livePause = live.reduce(.media(.pause), now: 2)
        XCTAssertFalse(livePause.contains { if case .holdPlayback = $0 { true } else { false } },
                       "a live room keeps decoding while paused, to resume at the live edge: \(livePause)")

        var state = F.open(F.liveA)
        _ = state.reduce(.playbackPolled("live-a", recording(.playing, position: 42)), now: 2)
        let pause = state.reduce(.media(.playPause), now: 3)
        XCTAssertTrue(pause.contains(.holdPlayback("live-a", held: true)), "\(pause)")
        XCTAssertTrue(pause.contains(.setAudio("live-a", muted: true, volume: 1)), "\(pause)")
        let resume = state.reduce(.media(.play), now: 5)
        XCTAssertTrue(resume.contains(.holdPlayback("live-a", held: false)), "\(resume)")
        XCTAssertTrue(resume.contains(.setAudio("live-a", muted: false, volume: 1)), "\(resume)")
    }

    func testAnEndedLiveRoomStillOffersRetry() throws {
        var state = F.open(F.liveA)
        _ = state.reduce(.playbackPolled("live-a", [SourceReport(status: .ended)]), now: 3)
        let view = try XCTUnwrap(state.roomLayout(now: 3))
        XCTAssertNotNil(view.overlay?.retry)
        XCTAssertEqual(view.overlay?.retryLabel, "Retry")
        XCTAssertEqual(state.accessibleTree(now: 3).entry("main/control:retry")?.node.name, "Retry")
    }

    func testARowShowsARecordingFromItsFileBeforeItOpensAndFromItsOpenAfter() throws {
        let file = Room(id: "movie", title: "Movie", media: .live(source: .file(path: "/videos/movie.mp4")))
        var state = F.start(rooms: [file, F.liveA, F.call])
        func recording(_ id: String) throws -> Bool {
            try XCTUnwrap(state.listViewModel(now: 1).rows.first { $0.id == id }).isRecording
        }
        XCTAssertEqual(try [file.id, F.liveA.id, F.call.id].map(recording), [true, false, false],
                       "before opening: a local file is a recording, a lavfi graph and a call are not")
        _ = state.reduce(.key(.enter, window: .main, ctrl: false, isRepeat: false), now: 1)
        _ = state.reduce(.playbackPolled(file.id, [SourceReport(status: .playing, opens: 1)]), now: 1)
        XCTAssertFalse(try recording(file.id), "a file whose open reports no length plays live")
        _ = state.reduce(.playbackPolled(file.id, [SourceReport(status: .playing, opens: 1, duration: 9, position: 1)]), now: 2)
        XCTAssertTrue(try recording(file.id))
    }
}
