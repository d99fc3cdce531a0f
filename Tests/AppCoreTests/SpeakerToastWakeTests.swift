import AppCore
import AppCoreTestSupport
import EngineTerms
import PiPLayout
import Session
import XCTest

/// The call float's speaker, toasts, wake-up scheduling and the stats encoding.
final class SpeakerToastWakeTests: XCTestCase {
    private let origin = Point(x: 0, y: 0)

    /// A call floating, P0 speaking and shown.
    private func floatingCall() -> AppState {
        var state = F.floating(F.call)
        _ = state.reduce(.playbackPolled("call", F.reports(F.call, .playing, levels: [-10, -90, -90])), now: 2)
        _ = state.reduce(.tick(pointer: origin), now: 2)
        return state
    }

    /// P1 leads from `t` and takes over as the active speaker a second later.
    private func p1Speaks(_ state: inout AppState, from t: Double) {
        _ = state.reduce(.playbackPolled("call", F.reports(F.call, .playing, levels: [-90, -10, -90])), now: t)
        _ = state.reduce(.tick(pointer: origin), now: t)
        _ = state.reduce(.tick(pointer: origin), now: t + 1)
    }

    func testANewSpeakerTakesTheFloatOnlyOnceTheirVideoHasAFreshFrame() {
        var state = floatingCall()
        XCTAssertEqual(state.float.speaker, FloatSpeaker(shown: 0))
        p1Speaks(&state, from: 3)
        XCTAssertEqual(state.session.activeSpeaker.current, 1)
        XCTAssertEqual(state.float.speaker, FloatSpeaker(shown: 0, pending: 1, since: 4))
        XCTAssertEqual(state.floatSources, [0, 1], "the speaker about to be shown is converted too")
        XCTAssertEqual(state.floatLayout(now: 4).speakerName, "P0")

        XCTAssertTrue(state.frameIsNews("call", source: 1, serial: 7), "a picture not seen yet")
        assertStep(&state, .frameReady("call", source: 1, serial: 7), now: 4.1, effects: []) {
            $0.rooms["call"]?.serials[1] = 7
            $0.float.speaker.staleSerial = 7
        }
        XCTAssertFalse(state.frameIsNews("call", source: 1, serial: 7), "the same picture again tells nothing")
        assertStep(&state, .frameReady("call", source: 1, serial: 7), now: 4.2, effects: [])
        XCTAssertTrue(state.frameIsNews("call", source: 1, serial: 8))
        assertStep(&state, .frameReady("call", source: 1, serial: 8), now: 4.3,
                   effects: [.setVideo("call", source: 0, .hidden)]) {
            $0.rooms["call"]?.serials[1] = 8
            $0.rooms["call"]?.video[0] = .hidden
            $0.float.speaker = FloatSpeaker(shown: 1)
            $0.paint.float.dirty = true
        }
        XCTAssertEqual(state.floatLayout(now: 4.3).speakerName, "P1")
        XCTAssertEqual(state.floatSource, 1)
    }

    /// A picture the state has already seen is news again when a new pending speaker's switch
    /// must be measured from it: the switch waits for a picture newer than the one at hand.
    func testTheSamePictureIsNewsWhenASpeakerBecomesPendingOnIt() {
        var state = floatingCall()
        _ = state.reduce(.frameReady("call", source: 1, serial: 7), now: 2.5)
        XCTAssertFalse(state.frameIsNews("call", source: 1, serial: 7))
        p1Speaks(&state, from: 3)
        XCTAssertEqual(state.float.speaker, FloatSpeaker(shown: 0, pending: 1, since: 4))
        XCTAssertTrue(state.frameIsNews("call", source: 1, serial: 7), "the pending speaker's switch starts from it")
        _ = state.reduce(.frameReady("call", source: 1, serial: 7), now: 4.1)
        XCTAssertEqual(state.float.speaker.staleSerial, 7)
        XCTAssertFalse(state.frameIsNews("call", source: 1, serial: 7))
        XCTAssertFalse(state.frameIsNews("call", source: 5, serial: 1), "no such participant")
        XCTAssertFalse(state.frameIsNews("other", source: 0, serial: 1), "no such room")
    }

    func testASpeakerWithoutVideoTakesTheFloatAfterASecond() {
        var state = floatingCall()
        p1Speaks(&state, from: 3)
        assertStep(&state, .tick(pointer: origin), now: 5, effects: [.readDisplays, .checkRoomsFile]) {
            $0.checks.displaysAt = 5
            $0.checks.roomsFileAt = 5
            $0.checks.levelsAt = 5
        }
        XCTAssertEqual(state.float.speaker, FloatSpeaker(shown: 0, pending: 1, since: 4))
        assertStep(&state, .tick(pointer: origin), now: 5.01, effects: [.setVideo("call", source: 0, .hidden)]) {
            $0.float.speaker = FloatSpeaker(shown: 1)
            $0.paint.float.dirty = true
            $0.rooms["call"]?.video[0] = .hidden
        }
        XCTAssertEqual(state.float.speaker, FloatSpeaker(shown: 1))
    }

    func testTheSpeakerChoiceIsForgottenWhenTheFloatCloses() {
        var state = floatingCall()
        assertStep(&state, F.key(.escape, .float), now: 3, effects: [
            .publish(.lifecycle(.willStop)), .publish(.layout(.pipLayoutDisabled)), .publish(.lifecycle(.didStop)),
            .resetMainVideo, .raiseMainWindow(userTime: 0, remap: false),
        ] + (0..<3).map { .setVideo("call", source: $0, .thumbnail(width: 415, height: 231)) }) {
            _ = $0.fields.send(.focusControl("main/room"))
            $0.floatLeft("call", video: Array(repeating: .thumbnail(width: 415, height: 231), count: 3), at: 3)
        }
        XCTAssertEqual(state.float.speaker, FloatSpeaker(shown: 0), "the float shows its speaker until the main window shows the call")
        XCTAssertEqual(state.mainPresentedRoom(at: 3.01), [.savePlacement(.initial), .hideFloat])
        XCTAssertEqual(state.float.speaker, FloatSpeaker())
        XCTAssertEqual(state.floatSources, [])
    }

    func testToastsStackUpToThreeExpireAndAreRepaintedWhileFading() {
        var state = F.start()
        _ = state.reduce(.roomsFileFailed(.problems(1)), now: 1)
        _ = state.reduce(.roomsFileFailed(.problems(2)), now: 2)
        _ = state.reduce(.started(openRoom: "nope", float: false), now: 3)
        assertStep(&state, .roomsFileFailed(.problems(3)), now: 3.5, effects: []) {
            $0.toasts.removeFirst()
            $0.toasts.append(Toast(message: "The rooms file has 3 problems; keeping the current rooms", until: 7.5))
        }
        XCTAssertEqual(state.toasts.map(\.message), [
            "The rooms file has 2 problems; keeping the current rooms", "No room with id \u{201C}nope\u{201D}",
            "The rooms file has 3 problems; keeping the current rooms",
        ])
        XCTAssertEqual(state.toastLayout(now: 3.5).map(\.pill.y), [600 - 16 - 40, 600 - 16 - 88, 600 - 16 - 136],
                       "the newest lowest, 8 px apart")
        _ = state.reduce(.painted(.main), now: 3.5)
        assertStep(&state, .tick(pointer: origin), now: 5.6, effects: [.checkRoomsFile]) {
            $0.checks.roomsFileAt = 5.6
            $0.checks.levelsAt = 5.6
        }
        XCTAssertFalse(state.shouldPaint(.main, now: 5.6))
        assertStep(&state, .tick(pointer: origin), now: 5.85, effects: []) { $0.checks.levelsAt = 5.85 }
        XCTAssertTrue(state.shouldPaint(.main, now: 5.85), "the oldest fades out")
        XCTAssertEqual(state.toastLayout(now: 5.85).last?.opacity ?? 0, 0.5, accuracy: 1e-9)
        assertStep(&state, .tick(pointer: origin), now: 6, effects: []) {
            $0.toasts.removeFirst()
            $0.checks.levelsAt = 6
            $0.paint.main.dirty = true
        }
        XCTAssertEqual(state.toasts.count, 2)
        assertStep(&state, .tick(pointer: origin), now: 8, effects: [.checkRoomsFile]) {
            $0.toasts = []
            $0.checks.roomsFileAt = 8
            $0.checks.levelsAt = 8
        }
        XCTAssertEqual(state.toasts, [])
    }

    func testAToastSitsAboveAVisibleControlBar() {
        var state = F.open(F.liveA)
        _ = state.reduce(F.key(.letter("p")), now: 1.5)
        _ = state.reduce(F.key(.escape, .float), now: 1.6)
        state.toasts = [Toast(message: "x", until: 9)]
        XCTAssertEqual(state.toastLayout(now: 2).first?.pill.y, 600 - 64 - 16 - 40)
        XCTAssertEqual(state.toastLayout(now: 4.7).first?.pill.y, 600 - 16 - 40)
    }

    func testTheLoopSleepsAQuarterSecondWhenIdleAndWakesForWhatIsDue() {
        var state = F.start()
        XCTAssertEqual(state.nextWake(now: 10, frameDelay: nil), 10.25)
        state = F.open(F.liveA)
        // Controls until 4, a room open: statuses and levels every 0.1 s.
        XCTAssertEqual(state.nextWake(now: 3.95, frameDelay: nil), 3.95 + 0.06, accuracy: 1e-9)
        XCTAssertEqual(state.nextWake(now: 10, frameDelay: nil), 10.1, accuracy: 1e-9)
        XCTAssertEqual(state.sourcesAwaitingFrames.map(\.0), ["live-a"])
        XCTAssertEqual(state.nextWake(now: 10, frameDelay: 0.02), 10.02, accuracy: 1e-9)
        let buffering = PlaybackStatus.buffering(percent: nil)
        assertStep(&state, .playbackPolled("live-a", [SourceReport(status: buffering)]), now: 10,
                   effects: []) {
            $0.statusPolled("live-a", sources: [buffering], status: buffering, at: 10)
            $0.paint.main.dirty = true
        }
        XCTAssertEqual(state.nextWake(now: 10, frameDelay: 0.02), 10 + 1.0 / 30, accuracy: 1e-9, "a spinner, not frames")
        XCTAssertEqual(state.sourcesAwaitingFrames.count, 0)
    }

    func testTheLoopWakesAtTheDisplayRateWhileTheFloatSpringsOrIsHeld() throws {
        var state = F.floating(F.liveA)
        var moved = try XCTUnwrap(state.motion)
        _ = moved.send(.arrowKeyPressed(.up))
        assertStep(&state, F.key(.up, .float), now: 10, effects: [
            .savePlacement(Placement(anchor: .corner(.topRight), widthFraction: 0.25)),
        ]) {
            $0.motion = moved
        }
        XCTAssertTrue(state.motion?.isAnimating == true)
        XCTAssertEqual(state.nextWake(now: 10, frameDelay: nil), 10 + 1.0 / 60, accuracy: 1e-9)
        assertStep(&state, .refreshRateRead(144), now: 10, effects: []) { $0.environment.refreshRate = 144 }
        XCTAssertEqual(state.nextWake(now: 10, frameDelay: nil), 10 + 1.0 / 144, accuracy: 1e-9)
        assertStep(&state, .framesUploaded(.main), now: 10, effects: []) { $0.paint.main.framePending = true }
        XCTAssertEqual(state.nextWake(now: 10, frameDelay: nil), 10, accuracy: 1e-9, "an uploaded frame is overdue, never in the past")
    }

    func testTicksCheckTheRoomsFileOnceASecondAndTheDisplaysOnlyWhileTheFloatShows() {
        var state = F.start()
        XCTAssertEqual(state.reduce(.tick(pointer: origin), now: 1), [.checkRoomsFile], "no float, no display reads")
        XCTAssertEqual(state.reduce(.tick(pointer: origin), now: 1.5), [])
        XCTAssertEqual(state.reduce(.tick(pointer: origin), now: 2), [.checkRoomsFile])
        state = F.floating(F.liveA)  // shown at t = 2, its displays read then
        XCTAssertEqual(state.checks.displaysAt, 2)
        XCTAssertEqual(state.reduce(.tick(pointer: origin), now: 2.5), [.checkRoomsFile])
        XCTAssertEqual(state.reduce(.tick(pointer: origin), now: 2.9), [])
        XCTAssertEqual(state.reduce(.tick(pointer: origin), now: 3), [.readDisplays])
        assertStep(&state, F.key(.escape, .float), now: 3.5, effects: [
            .publish(.lifecycle(.willStop)), .publish(.layout(.pipLayoutDisabled)), .publish(.lifecycle(.didStop)),
            .resetMainVideo, .raiseMainWindow(userTime: 0, remap: false),
            .setVideo("live-a", source: 0, video(960, 600)),
        ]) {
            _ = $0.fields.send(.focusControl("main/room"))
            $0.floatLeft("live-a", video: [video(960, 600)], at: 3.5)
        }
        XCTAssertEqual(state.mainPresentedRoom(at: 3.51), [.savePlacement(.initial), .hideFloat])
        XCTAssertFalse(state.float.visible)
        XCTAssertEqual(state.reduce(.tick(pointer: origin), now: 5), [.checkRoomsFile], "hidden again, no display reads")
    }

    func testTheMemoryOfClosedRoomsIsHandedBackASecondAfterTheLastOneCloses() {
        func released(_ state: inout AppState, at t: Double) -> Bool {
            state.reduce(.tick(pointer: origin), now: t).contains(.releaseFreedMemory)
        }
        var state = F.floating(F.liveA)
        XCTAssertFalse(released(&state, at: 3), "a room plays")
        _ = state.reduce(F.key(.escape, .float), now: 3.5)  // restored into the main window
        XCTAssertFalse(released(&state, at: 5), "the room still plays in the main window")
        let leaving = state.reduce(F.key(.escape, .main), now: 10)
        XCTAssertTrue(leaving.contains(.closePlayback("live-a")))
        XCTAssertEqual(state.nextWake(now: 10.9, frameDelay: nil), 11, accuracy: 1e-9, "the loop wakes for it")
        XCTAssertFalse(released(&state, at: 10.9))
        XCTAssertTrue(released(&state, at: 11))
        XCTAssertFalse(released(&state, at: 12), "once")
        // A room opened again within the second keeps what it would reuse.
        state = F.open(F.liveA)
        _ = state.reduce(F.key(.escape, .main), now: 10)
        assertStep(&state, F.key(.enter, .main), now: 10.5, effects: [
            .openPlayback(F.liveA, delayLimit: nil), .setAudio("live-a", muted: false, volume: 1),
            .log(.info, "opened live-a"), .resetMainVideo,
            .setVideo("live-a", source: 0, video(960, 600)),
        ]) {
            _ = $0.fields.send(.focusControl("main/room"))
            _ = $0.session.reduce(.roomSelected(F.liveA))
            $0.rooms["live-a"] = justOpened(F.liveA, at: 10.5)
            $0.main.controlsUntil = 13.5
            $0.checks.releaseMemoryAt = nil
        }
        XCTAssertFalse(released(&state, at: 11.5), "a room plays again")
    }

    func testStatsEventsEncodeAsTheLogAlwaysHas() {
        func encode(_ e: StatsEvent) -> String {
            e.name + " " + e.fields.map { "\($0.0)=\($0.1)" }.joined(separator: " ")
        }
        XCTAssertEqual(encode(.status("a", .reconnecting(attempt: 2, retryIn: 0.5))),
                       "status room=text(\"a\") status=text(\"reconnecting(attempt: 2, nextTryIn: 0.5)\")")
        XCTAssertEqual(encode(.status("a", .buffering(percent: 40))),
                       "status room=text(\"a\") status=text(\"buffering(percent: Optional(40))\")")
        XCTAssertEqual(encode(.status("a", .failed(.streamFailed("no \"x\"")))),
                       "status room=text(\"a\") status=text(\"failed(\\\"Playback failed: no \\\\\\\"x\\\\\\\"\\\")\")")
        XCTAssertEqual(encode(.mainContent(nil)), "main_content content=text(\"list\")")
        XCTAssertEqual(encode(.floatShown("a", PixelRect(1, 2, 3, 4))),
                       "float_shown room=text(\"a\") x=int(1) y=int(2) w=int(3) h=int(4)")
        XCTAssertEqual(encode(.frame(window: .float, "a", pts: 1.5)), "frame window=text(\"float\") room=text(\"a\") pts=double(1.5)")
    }
}
