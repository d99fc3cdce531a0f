import AppCore
import AppCoreTestSupport
import EngineTerms
import PiPLayout
import Session
import XCTest

/// W3, W4, W5: the room view's control bar, layouts, statuses and controls.
final class RoomViewTests: XCTestCase {
    private let origin = Point(x: 0, y: 0)

    private func move(_ x: Int, _ y: Int, at t: Double) -> AppEvent {
        .pointerMoved(window: .main, x: x, y: y, global: origin, time: t)
    }

    private func click(_ state: inout AppState, _ x: Int, _ y: Int, at t: Double) -> [AppEffect] {
        state.reduce(.pointerPressed(window: .main, x: x, y: y, global: origin, time: t), now: t)
            + state.reduce(.pointerReleased(window: .main, x: x, y: y, global: origin, time: t, overFloat: false), now: t)
    }

    func testTheControlBarHidesThreeSecondsAfterTheLastMotionAndReturnsOnMotion() {
        var state = F.open(F.liveA)
        XCTAssertTrue(state.controlsVisible(now: 3.9))
        XCTAssertFalse(state.shouldPaint(.main, now: 3.9))
        XCTAssertFalse(state.controlsVisible(now: 4))
        XCTAssertTrue(state.shouldPaint(.main, now: 4), "the bar's going is painted")
        assertStep(&state, .painted(.main), now: 4, effects: []) {
            $0.paint.main = PaintState(dirty: false, framePending: false, lastPresent: 4)
            $0.paint.controlsDrawn = false
        }
        XCTAssertFalse(state.shouldPaint(.main, now: 5))
        XCTAssertNil(state.roomLayout(now: 5)?.controls.first { $0.target == .mute }, "a hidden bar has no controls")

        assertStep(&state, move(10, 10, at: 6), now: 6, effects: []) {
            $0.main.controlsUntil = 9
            $0.paint.main.dirty = true
        }
        XCTAssertTrue(state.controlsVisible(now: 8.9))
    }

    func testTheControlBarStaysWhileNotPlayingOrWhileTheVolumeIsDragged() throws {
        var state = F.open(F.liveA, status: .buffering(percent: 40))
        XCTAssertTrue(state.controlsVisible(now: 100))
        state = F.open(F.liveA)
        let bar = try XCTUnwrap(state.roomLayout(now: 2))
        let volume = bar.volume(at: 200, in: try XCTUnwrap(bar.volumeSlider))
        assertStep(&state, .pointerPressed(window: .main, x: 200, y: 556, global: origin, time: 2), now: 2, effects: [
            .setAudio("live-a", muted: false, volume: volume),
        ]) {
            _ = $0.fields.send(.blur)
            $0.rooms["live-a"]?.volume = volume
            $0.main.draggingVolume = true
            $0.main.controlsUntil = 5
            $0.paint.main.dirty = true
        }
        XCTAssertTrue(state.main.draggingVolume)
        XCTAssertTrue(state.controlsVisible(now: 100))
    }

    func testALiveRoomsBarHasPiPMuteVolumeAndLeaveAtTheRight() throws {
        let state = F.open(F.liveA)
        let m = try XCTUnwrap(state.roomLayout(now: 2))
        // 64 px bar at the bottom of 600: 40 px buttons at y = 536 + 12.
        XCTAssertEqual(m.controls, [
            Hotspot(rect: PixelRect(16, 548, 40, 40), target: .pip),
            Hotspot(rect: PixelRect(66, 548, 40, 40), target: .mute),
            Hotspot(rect: PixelRect(110, 548, 122, 40), target: .volume),
            Hotspot(rect: PixelRect(904, 548, 40, 40), target: .leave),
        ])
        XCTAssertEqual(m.volumeTrack, PixelRect(116, 566, 110, 4))
        XCTAssertEqual(m.badge, TextBox("LIVE", PixelRect(16, 16, 4 * 7 + 14, 20)))
        XCTAssertEqual(m.titleBox.x, 16 + 42 + 10)
        XCTAssertNil(m.retry)
        XCTAssertTrue(m.tiles.isEmpty)
    }

    func testAHostsBarHasBackAndNoPiPAndARoomWithoutPiPHasNoPiPControl() throws {
        let host = try XCTUnwrap(F.open(F.host).roomLayout(now: 2))
        XCTAssertEqual(host.buttons.map(\.control), [.back, .mute, .leave])
        XCTAssertEqual(host.buttons[1].glyph, .muted, "a host starts muted")
        XCTAssertEqual(host.badge?.text, "ON AIR")
        let noPiP = try XCTUnwrap(F.open(F.noPiP).roomLayout(now: 2))
        XCTAssertEqual(noPiP.buttons.map(\.control), [.mute, .leave])
    }

    func testMuteByClickAndKeyAndVolumeByKeysAndDrag() {
        var state = F.open(F.liveA)
        XCTAssertEqual(click(&state, 86, 568, at: 2), [.setAudio("live-a", muted: true, volume: 1)])
        XCTAssertEqual(state.reduce(F.key(.up), now: 2), [.setAudio("live-a", muted: false, volume: 1)], "turning up unmutes")
        XCTAssertEqual(state.reduce(F.key(.down), now: 2), [.setAudio("live-a", muted: false, volume: 0.9)])
        XCTAssertEqual(state.reduce(F.key(.letter("m")), now: 2), [.setAudio("live-a", muted: true, volume: 0.9)])
        // Pressing on the slider unmutes and sets the volume; dragging follows the pointer.
        XCTAssertEqual(state.reduce(.pointerPressed(window: .main, x: 116 + 55, y: 568, global: origin, time: 3), now: 3),
                       [.setAudio("live-a", muted: false, volume: 0.5)])
        XCTAssertEqual(state.reduce(move(116 + 300, 10, at: 3.1), now: 3.1),
                       [.setAudio("live-a", muted: false, volume: 1)])
        XCTAssertEqual(state.reduce(.pointerReleased(window: .main, x: 0, y: 10, global: origin, time: 3.2, overFloat: false), now: 3.2), [])
        XCTAssertFalse(state.main.draggingVolume)
        XCTAssertEqual(state.reduce(move(0, 568, at: 3.3), now: 3.3), [], "after release, motion changes nothing")
        XCTAssertEqual(state.rooms["live-a"]?.volume, 1)
    }

    func testLosingTheFocusEndsAVolumeDrag() {
        var state = F.open(F.liveA)
        _ = state.reduce(.pointerPressed(window: .main, x: 171, y: 568, global: origin, time: 2), now: 2)
        assertStep(&state, .focusLost, now: 2.1, effects: []) { $0.main.draggingVolume = false }
    }

    func testHoverFollowsThePointerOverControls() {
        var state = F.open(F.liveA)
        assertStep(&state, move(920, 560, at: 2), now: 2, effects: []) {
            $0.main.hovered = .leave
            $0.main.controlsUntil = 5
            $0.paint.main.dirty = true
        }
        assertStep(&state, .pointerLeft(.main), now: 2, effects: []) { $0.main.hovered = nil }
    }

    func testACallsBarSwitchesLayoutsAndTogglesTheParticipantPanel() throws {
        var state = F.open(F.call)
        let m = try XCTUnwrap(state.roomLayout(now: 2))
        XCTAssertEqual(m.buttons.map(\.control), [.pip, .mute, .layout(.spotlight), .participants, .leave])
        // After the slider (116 + 110 + 18), the layout button, then its name 4 px closer.
        XCTAssertEqual(m.layoutLabel, TextBox("Tiles", PixelRect(244 + 50 - 4, 548, 35, 40)))
        XCTAssertEqual(m.buttons[3].rect, PixelRect(294 + 35 + 12, 548, 40, 40))
        XCTAssertNil(m.badge, "an audience call has no LIVE badge")

        let layoutButton = m.buttons[2].rect
        let effects = click(&state, layoutButton.x + 5, layoutButton.y + 5, at: 2)
        // Spotlight converts only the speaker's source, at the whole tile area less its 2 px inset.
        XCTAssertEqual(effects, [
            .publish(.layout(.callLayoutChanged(.spotlight))), .setVideo("call", source: 0, video(932, 476)),
            .setVideo("call", source: 1, .hidden), .setVideo("call", source: 2, .hidden),
        ])
        XCTAssertEqual(state.reduce(F.key(.letter("l")), now: 2).first, .publish(.layout(.callLayoutChanged(.sidebar))))
        XCTAssertEqual(state.rooms["call"]?.video.map { $0?.isShown }, [true, true, true], "the sidebar shows everyone")
        XCTAssertEqual(state.reduce(F.key(.letter("u")), now: 2).first, .publish(.layout(.participantListVisible)))
        let panel = try XCTUnwrap(state.roomLayout(now: 2))
        XCTAssertEqual(panel.panel, PixelRect(720, 0, 240, 600))
        XCTAssertEqual(panel.stage, PixelRect(0, 0, 720, 600))
        XCTAssertEqual(panel.buttons.last?.rect, PixelRect(720 - 56, 548, 40, 40), "Leave stays at the stage's right")
        XCTAssertTrue(panel.buttons[3].active, "the participants control is lit while the panel shows")
        XCTAssertEqual(panel.participants.map(\.row), [PixelRect(728, 100, 224, 40), PixelRect(728, 144, 224, 40),
                                                        PixelRect(728, 188, 224, 40)])
        XCTAssertEqual(panel.participants.map(\.meter), [0, 0, 0], "silent at -90 dBFS")
    }

    func testCallLayoutsPlaceTilesClearOfTheOverlays() throws {
        var state = F.open(F.call)
        // The tile area: 12 px sides, below the 56 px title overlay, above the 64 px bar.
        let area = PixelRect(12, 56, 936, 480)
        let tiles = try XCTUnwrap(state.roomLayout(now: 2)).tiles
        XCTAssertEqual(tiles.map(\.index), [0, 1, 2])
        XCTAssertTrue(tiles.allSatisfy { $0.rect.y >= area.y && $0.rect.y + $0.rect.h <= area.y + area.h })
        XCTAssertEqual(tiles[0].rect.w * 9 / 16, tiles[0].rect.h, "tiles are 16:9")

        _ = state.reduce(.playbackPolled("call", F.reports(F.call, .playing, levels: [-90, -10, -90])), now: 2)
        assertStep(&state, .tick(pointer: origin), now: 2, effects: [.checkRoomsFile]) {
            _ = $0.session.reduce(.audioLevelsMeasured(at: 2, levels: [0: -90, 1: -10, 2: -90]))
            $0.checks.roomsFileAt = 2
            $0.checks.levelsAt = 2
            $0.paint.main.dirty = true
        }
        XCTAssertEqual(state.session.activeSpeaker.current, 1)
        XCTAssertEqual(state.roomLayout(now: 2)?.participants[1].meter ?? 0, 50.0 / 60, accuracy: 1e-9)
        XCTAssertNil(state.roomLayout(now: 2)?.participants[1].row, "no panel, no rows")
        assertStep(&state, F.key(.letter("l")), now: 2, effects: [
            .publish(.layout(.callLayoutChanged(.spotlight))), .setVideo("call", source: 0, .hidden), .setVideo("call", source: 1, video(932, 476)), .setVideo("call", source: 2, .hidden),
        ]) {
            $0.session.callLayout = .spotlight
            $0.rooms["call"]?.video = [.hidden, video(932, 476), .hidden]
            $0.main.controlsUntil = 5
        }
        let spotlight = try XCTUnwrap(state.roomLayout(now: 2)).tiles
        XCTAssertEqual(spotlight.map(\.index), [1], "spotlight")
        XCTAssertEqual(spotlight.map(\.rect), [area], "spotlight")
        assertStep(&state, F.key(.letter("l")), now: 2, effects: [
            .publish(.layout(.callLayoutChanged(.sidebar))), .setVideo("call", source: 0, .thumbnail(width: 183, height: 101)),
            .setVideo("call", source: 1, video(737, 476)), .setVideo("call", source: 2, .thumbnail(width: 183, height: 101)),
        ]) {
            $0.session.callLayout = .sidebar
            $0.rooms["call"]?.video = [.thumbnail(width: 183, height: 101), video(737, 476), .thumbnail(width: 183, height: 101)]
        }
        let sidebar = try XCTUnwrap(state.roomLayout(now: 2)).tiles
        XCTAssertEqual(sidebar.map(\.index), [1, 0, 2], "sidebar: the speaker big, the others in the strip")
        XCTAssertEqual(sidebar[0].rect, PixelRect(12, 56, 936 - 187 - 8, 480))
    }

    func testAFailedLiveRoomOffersRetryWhichReopensIt() throws {
        var state = F.open(F.liveA)
        let failed = PlaybackStatus.failed(.streamFailed("404"))
        assertStep(&state, .playbackPolled("live-a", [SourceReport(status: failed)]), now: 5,
                   effects: []) {
            $0.statusPolled("live-a", sources: [failed], status: failed, at: 5)
            $0.paint.main.dirty = true
        }
        let m = try XCTUnwrap(state.roomLayout(now: 5))
        // Retry: 5 letters at 7 px + 32 + 24 wide, centred under the middle.
        let retry = PixelRect((960 - 91) / 2, 308, 91, 36)
        XCTAssertEqual(m.retry, retry)
        XCTAssertEqual(m.controls.first, Hotspot(rect: retry, target: .retry))
        XCTAssertTrue(state.controlsVisible(now: 100), "a failed room keeps its bar")
        let effects = click(&state, retry.x + 4, retry.y + 4, at: 6)
        XCTAssertEqual(effects, [
            .closePlayback("live-a"), .resetMainVideo, .log(.info, "stopped live-a"),
            .openPlayback(F.liveA, delayLimit: nil), .setAudio("live-a", muted: false, volume: 1),
            .log(.info, "opened live-a"), .setVideo("live-a", source: 0, video(960, 600)),
        ])
        XCTAssertEqual(state.rooms["live-a"], justOpened(F.liveA, at: 6))
        XCTAssertEqual(state.reduce(F.key(.letter("r")), now: 7), [], "Retry does nothing while connecting")
    }

    func testTheReconnectCountdownRunsFromWhenTheStatusBegan() {
        var state = F.open(F.liveA)
        let effects = state.reduce(.playbackPolled("live-a", [SourceReport(status: .reconnecting(attempt: 2, retryIn: 4))]), now: 10)
        XCTAssertEqual(effects, [])
        XCTAssertEqual(state.rooms["live-a"]?.statusSince, 10)
        XCTAssertEqual(state.roomLayout(now: 11.5)?.status, .reconnecting(attempt: 2, retryIn: 2.5))
        XCTAssertEqual(state.roomLayout(now: 20)?.status, .reconnecting(attempt: 2, retryIn: 0))
        XCTAssertEqual(state.reduce(.playbackPolled("live-a", [SourceReport(status: .reconnecting(attempt: 2, retryIn: 4))]), now: 12), [],
                       "the same status again changes nothing")
    }

    func testACallIsPlayingWhileAnyParticipantPlaysAndOtherwiseShowsTheFirstThatHasNotFailed() {
        var state = F.open(F.call, status: .connecting)
        let reports = [SourceReport(status: .failed(.streamFailed("x"))), SourceReport(status: .buffering(percent: 10)),
                       SourceReport(status: .playing)]
        assertStep(&state, .playbackPolled("call", reports), now: 2, effects: []) {
            $0.statusPolled("call", sources: reports.map(\.status), status: .playing, at: 2)
            $0.paint.main.dirty = true
        }
        XCTAssertEqual(state.rooms["call"]?.status, .playing)
        XCTAssertEqual(state.roomLayout(now: 2)?.participants.map(\.status), reports.map(\.status))
        assertStep(&state, .playbackPolled("call", Array(reports.prefix(2)) + [SourceReport(status: .ended)]), now: 3,
                   effects: []) {
            $0.statusPolled("call", sources: reports.prefix(2).map(\.status) + [.ended], status: .buffering(percent: 10), at: 3)
        }
        XCTAssertEqual(state.rooms["call"]?.status, .buffering(percent: 10))
        XCTAssertEqual(state.session.status(of: "call"), .buffering(percent: 10))
    }

    func testEscapeLeavesAndAHostGoesBackToTheListWithTheBroadcastRunning() {
        var state = F.open(F.host)
        XCTAssertEqual(state.reduce(F.key(.escape), now: 2), [])
        XCTAssertNotNil(state.rooms["host"])
        state = F.open(F.liveA)
        XCTAssertEqual(state.reduce(F.key(.backspace), now: 2), [
            .closePlayback("live-a"), .resetMainVideo, .log(.info, "stopped live-a"),
        ])
        XCTAssertTrue(state.rooms.isEmpty)
    }

    func testAnEndedRoomQuitsWhenTheRunAskedToExitOnEnd() {
        var state = F.start(environment: AppEnvironment(metrics: F.metrics, exitWhenEnded: "live-a"))
        _ = state.reduce(.started(openRoom: "live-a", float: false), now: 1)
        let effects = state.reduce(.playbackPolled("live-a", [SourceReport(status: .ended)]), now: 9)
        XCTAssertEqual(effects, [.quit(status: 0, message: nil)])
        XCTAssertEqual(state.exit, 0)
    }

    func testARoomThatFailsForGoodQuitsWithStatusOneAndSaysWhyWhenTheRunAskedToExitOnEnd() {
        var state = F.start(environment: AppEnvironment(metrics: F.metrics, exitWhenEnded: "live-a"))
        _ = state.reduce(.started(openRoom: "live-a", float: false), now: 1)
        let retrying = state.reduce(.playbackPolled("live-a", [SourceReport(status: .reconnecting(attempt: 1, retryIn: 1))]), now: 2)
        XCTAssertFalse(retrying.contains { if case .quit = $0 { true } else { false } }, "a live source that retries is not final")
        XCTAssertNil(state.exit)
        let effects = state.reduceLogged(.playbackPolled("live-a", [SourceReport(status: .failed(.openFailed("no such file")))]), now: 9)
        XCTAssertEqual(effects.last, .quit(status: 1, message: "cannot play \"live-a\": Cannot open the source: no such file"))
        XCTAssertTrue(effects.contains(.stats(.status("live-a", .failed(.openFailed("no such file"))))))
        XCTAssertEqual(state.exit, 1)
    }

    func testAnotherRoomFailingDoesNotQuit() {
        var state = F.start(environment: AppEnvironment(metrics: F.metrics, exitWhenEnded: "live-b"))
        _ = state.reduce(.started(openRoom: "live-a", float: false), now: 1)
        let effects = state.reduce(.playbackPolled("live-a", [SourceReport(status: .failed(.streamFailed("gone")))]), now: 2)
        XCTAssertFalse(effects.contains { if case .quit = $0 { return true } else { return false } })
        XCTAssertNil(state.exit)
    }

    func testMainSourcesAreTheParticipantsTheLayoutShows() {
        XCTAssertEqual(F.open(F.liveA).mainSources, [0])
        var state = F.open(F.call)
        XCTAssertEqual(state.mainSources, [0, 1, 2], "tiles show everyone")
        _ = state.reduce(.playbackPolled("call", F.reports(F.call, .playing, levels: [-90, -10, -90])), now: 2)
        _ = state.reduce(.tick(pointer: origin), now: 2)
        assertStep(&state, F.key(.letter("l")), now: 2, effects: [
            .publish(.layout(.callLayoutChanged(.spotlight))), .setVideo("call", source: 0, .hidden), .setVideo("call", source: 1, video(932, 476)), .setVideo("call", source: 2, .hidden),
        ]) {
            $0.session.callLayout = .spotlight
            $0.rooms["call"]?.video = [.hidden, video(932, 476), .hidden]
            $0.main.controlsUntil = 5
        }
        XCTAssertEqual(state.mainSources, [1], "spotlight shows the active speaker only")
        XCTAssertEqual(F.floating(F.call).mainSources, [], "a room in the float is not on the main window")
    }

    func testSourceOpensAreLoggedOncePerOpen() {
        var state = F.open(F.liveA)
        XCTAssertEqual(state.reduce(.playbackPolled("live-a", [SourceReport(status: .playing, opens: 1)]), now: 2), [])
        XCTAssertEqual(state.reduce(.playbackPolled("live-a", [SourceReport(status: .playing, opens: 2)]), now: 3),
                       [])
    }
}
