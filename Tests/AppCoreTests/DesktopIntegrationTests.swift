import AppCore
import AppCoreTestSupport
import EngineTerms
import PiPLayout
import Session
import XCTest

/// The desktop's media controls (MPRIS), its scale, and a call float's own controls (P5).
final class DesktopIntegrationTests: XCTestCase {
    private let inside = Point(x: 1600, y: 900)

    // MARK: Media controls

    func testTheMediaStateFollowsTheOpenRoomAndHasNoTrackWithoutOne() {
        XCTAssertNil(F.start().media.track, "no room open: no media player")
        let live = F.open(F.liveA).media
        XCTAssertEqual(live, MediaState(track: MediaState.Track(id: "live-a", title: "Live A", artist: nil), status: .playing, volume: 1))
        var call = F.open(F.call)
        XCTAssertEqual(call.media.track?.artist, "P0", "before anyone speaks, the first participant")
        _ = call.reduce(.playbackPolled("call", F.reports(F.call, .playing, levels: [-90, -10, -90])), now: 1.5)
        for t in stride(from: 1.6, through: 4, by: 0.1) { _ = call.reduce(.tick(pointer: .zero), now: t) }
        XCTAssertEqual(call.media.track?.artist, "P1", "the active speaker")
        assertStep(&call, .media(.stop), now: 5, effects: [
            .closePlayback("call"), .resetMainVideo, .log(.info, "stopped call"),
        ]) {
            _ = $0.fields.send(.blur)
            _ = $0.session.reduce(.leaveClicked)
            $0.rooms = [:]
            $0.checks.releaseMemoryAt = 5 + AppState.releaseDelay
        }
        XCTAssertNil(call.media.track)
    }

    func testPauseSilencesAndStopsPresentingWhileTheSourcesStayOpen() {
        var state = F.open(F.liveA)
        XCTAssertEqual(state.visibleSources.map(\.1), [0])
        assertStep(&state, .media(.pause), now: 2, effects: [
            .setAudio("live-a", muted: true, volume: 1),
            .setVideo("live-a", source: 0, .hidden),
        ]) {
            $0.rooms["live-a"]?.paused = true
            $0.rooms["live-a"]?.video = [.hidden]
        }
        XCTAssertTrue(state.isPaused("live-a"))
        XCTAssertTrue(state.visibleSources.isEmpty, "a paused room wakes the loop for no frame")
        XCTAssertEqual(state.media.status, .paused)
        XCTAssertEqual(state.reduce(.media(.pause), now: 2.1), [], "pausing twice changes nothing")
        XCTAssertEqual(state.reduce(.media(.playPause), now: 3), [
            .setAudio("live-a", muted: false, volume: 1), .holdPlayback("live-a", held: false),
            .setVideo("live-a", source: 0, video(960, 600)),
        ], "resuming lets any hold go and converts again: the next frame shown is live")
        XCTAssertFalse(state.isPaused("live-a"))
        XCTAssertEqual(state.reduce(.media(.play), now: 3.1), [])
        assertStep(&state, .media(.playPause), now: 4, effects: [
            .setAudio("live-a", muted: true, volume: 1),
            .setVideo("live-a", source: 0, .hidden),
        ]) {
            $0.rooms["live-a"]?.paused = true
            $0.rooms["live-a"]?.video = [.hidden]
        }
        XCTAssertTrue(state.isPaused("live-a"))
    }

    func testAMutedRoomStaysSilentWhenResumed() {
        var state = F.open(F.liveA)
        _ = state.reduce(F.key(.letter("m")), now: 2)
        _ = state.reduce(.media(.pause), now: 3)
        XCTAssertEqual(state.reduce(.media(.play), now: 4).first, .setAudio("live-a", muted: true, volume: 1))
    }

    func testVolumeFromTheMediaControlsIsTheRoomsVolume() {
        var state = F.open(F.liveA)
        XCTAssertEqual(state.reduce(.media(.setVolume(0.3)), now: 2),
                       [.setAudio("live-a", muted: false, volume: 0.3)])
        XCTAssertEqual(state.media.volume, 0.3)
        XCTAssertEqual(state.reduce(.media(.setVolume(7)), now: 2).first, .setAudio("live-a", muted: false, volume: 1))
        var none = F.start()
        XCTAssertEqual(none.reduce(.media(.setVolume(0.5)), now: 2), [], "no room, no volume")
    }

    func testRaiseRestoresTheFloatStopLeavesAndQuitEnds() {
        var floating = F.floating(F.liveA)
        let raised = floating.reduce(.media(.raise), now: 3)
        XCTAssertTrue(raised.contains(.raiseMainWindow(userTime: 0, remap: false)))
        XCTAssertEqual(floating.session.mainWindow, MainWindowState(content: .room("live-a"), presence: .shown))
        XCTAssertEqual(floating.mainPresentedRoom(at: 3.01), [.savePlacement(.initial), .hideFloat])
        XCTAssertFalse(floating.float.visible)

        var listed = F.start()
        XCTAssertEqual(listed.reduce(.media(.raise), now: 1), [.raiseMainWindow(userTime: 0, remap: false)])

        var stopped = F.floating(F.liveA)
        let effects = stopped.reduce(.media(.stop), now: 3)
        XCTAssertTrue(effects.contains(.hideFloat), "stop releases the float")
        XCTAssertTrue(effects.contains(.closePlayback("live-a")))
        XCTAssertNil(stopped.session.openRoomID)

        var quitting = F.open(F.liveA)
        XCTAssertEqual(quitting.reduce(.media(.quit), now: 2), [.quit(status: 0, message: nil)])
        XCTAssertEqual(quitting.exit, 0)
    }

    // MARK: Scale

    func testANewScaleResizesTheMainWindowInProportionAndKeepsTheFloat() {
        var state = F.floating(F.liveA)
        let frame = state.motion?.frame
        let double = UIMetrics(scale: 2) { text, _ in text.count * 14 }
        assertStep(&state, .scaleChanged(double), now: 3, effects: [
            .resizeMainWindow(width: 1920, height: 1200, minimumWidth: 960, minimumHeight: 640),
        ]) {
            $0.environment.metrics = double
            $0.paint.main.dirty = true
            $0.paint.float.dirty = true
        }
        XCTAssertEqual(state.motion?.frame, frame, "the float keeps its corner and size")
        XCTAssertEqual(state.reduce(.scaleChanged(double), now: 4), [], "the same scale changes nothing")
        _ = state.reduce(.resized(.main, width: 1920, height: 1200), now: 4)
        let oneAndAHalf = UIMetrics(scale: 1.5) { text, _ in text.count * 10 }
        XCTAssertEqual(state.reduce(.scaleChanged(oneAndAHalf), now: 5).first,
                       .resizeMainWindow(width: 1440, height: 900, minimumWidth: 720, minimumHeight: 480))
        assertStep(&state, .pointerEntered(.float), now: 6, effects: []) { $0.float.hover = true }
        XCTAssertEqual(state.floatLayout(now: 6).buttons.first?.rect, PixelRect(9, 9, 48, 48), "controls at 1.5x")
    }

    // MARK: The call float's controls

    private func hoveredCallFloat(width: Int, height: Int) -> AppState {
        var state = F.floating(F.call)
        _ = state.reduce(.resized(.float, width: width, height: height), now: 3)
        _ = state.reduce(.pointerEntered(.float), now: 3)
        return state
    }

    /// A click in the middle of `rect` on the float at `t`: the release's effects with its stats lines.
    private func click(_ state: inout AppState, _ rect: PixelRect, at t: Double) -> [AppEffect] {
        let x = rect.x + rect.w / 2, y = rect.y + rect.h / 2
        _ = state.reduce(.pointerPressed(window: .float, x: x, y: y, global: inside, time: t), now: t)
        return state.reduceLogged(.pointerReleased(window: .float, x: x, y: y, global: inside, time: t, overFloat: true), now: t)
    }

    func testACallFloatShowsLeaveMuteRestoreAndTheSpeakerAtMinimumAndDefaultSizes() {
        for (w, h) in [(160, 90), (480, 270)] {
            let m = hoveredCallFloat(width: w, height: h).floatLayout(now: 3)
            let targets = Set(m.buttons.map(\.target))
            XCTAssertTrue(targets.isSuperset(of: [.leave, .restore, .mute]), "\(w)x\(h): \(targets)")
            XCTAssertFalse(targets.contains(.close), "a call's float hangs up with Leave")
            XCTAssertNotNil(m.nameRect, "\(w)x\(h): the speaker's name shows")
            XCTAssertEqual(m.speakerName, "P0")
            for (i, a) in m.buttons.enumerated() {
                XCTAssertEqual(m.buttons.hit(a.rect.x + a.rect.w / 2, a.rect.y + a.rect.h / 2), a.target)
                for b in m.buttons[(i + 1)...] {
                    let apart = a.rect.x + a.rect.w <= b.rect.x || b.rect.x + b.rect.w <= a.rect.x
                        || a.rect.y + a.rect.h <= b.rect.y || b.rect.y + b.rect.h <= a.rect.y
                    XCTAssertTrue(apart, "\(w)x\(h): \(a.target) overlaps \(b.target)")
                }
            }
        }
    }

    func testLeaveHangsUpAndReleasesTheFloat() {
        for (w, h) in [(160, 90), (480, 270)] {
            var state = hoveredCallFloat(width: w, height: h)
            let leave = state.floatLayout(now: 3).buttons.first { $0.target == .leave }!.rect
            let effects = click(&state, leave, at: 4)
            XCTAssertTrue(effects.contains(.hideFloat), "\(w)x\(h)")
            XCTAssertTrue(effects.contains(.closePlayback("call")))
            XCTAssertTrue(effects.contains(.stats(.stop("call"))))
            XCTAssertNil(state.session.openRoomID)
            XCTAssertEqual(state.session.mainWindow.content, .list)
        }
    }

    func testTheFloatsMuteRestoreAndVolumeControls() {
        var state = hoveredCallFloat(width: 480, height: 270)
        let buttons = state.floatLayout(now: 3).buttons
        let rect = { (c: FloatControl) in buttons.first { $0.target == c }!.rect }
        XCTAssertEqual(click(&state, rect(.mute), at: 4).last, .stats(.mute("call", muted: true)))
        let slider = rect(.volume)
        let pressed = state.reduce(.pointerPressed(window: .float, x: slider.x, y: slider.y + 4, global: inside, time: 5), now: 5)
        XCTAssertEqual(pressed, [.setAudio("call", muted: false, volume: 0)],
                       "pressing the slider's left end: silent, unmuted")
        let dragged = state.reduce(.pointerMoved(window: .float, x: slider.x + slider.w, y: 0, global: inside, time: 5.1), now: 5.1)
        XCTAssertEqual(dragged.first, .setAudio("call", muted: false, volume: 1), "dragging follows the pointer")
        XCTAssertEqual(state.reduce(.pointerReleased(window: .float, x: 0, y: 0, global: inside, time: 5.2, overFloat: true),
                                    now: 5.2), [])
        XCTAssertTrue(click(&state, rect(.restore), at: 6).contains(.raiseMainWindow(userTime: 0, remap: false)))
    }

    func testTheFloatsVolumeFollowsControlArrowsAndTheModifiedWheel() {
        var state = F.floating(F.liveA)
        XCTAssertEqual(state.reduce(F.key(.down, .float, ctrl: true), now: 3),
                       [.setAudio("live-a", muted: false, volume: 0.9)])
        XCTAssertEqual(state.reduce(.wheelWithModifier(window: .float, steps: -2), now: 3).first,
                       .setAudio("live-a", muted: false, volume: 0.7))
        XCTAssertEqual(state.reduce(.wheelWithModifier(window: .float, steps: 1), now: 3).first,
                       .setAudio("live-a", muted: false, volume: 0.8))
        let frame = state.motion?.frame
        XCTAssertEqual(state.motion?.frame, frame, "the volume does not resize")
        XCTAssertNotEqual(state.reduce(.wheel(window: .float, steps: 1), now: 4), [], "the plain wheel still resizes (P11)")
        XCTAssertNotEqual(state.reduce(F.key(.up, .float), now: 5), [], "plain arrows still move (P12)")
        XCTAssertEqual(state.rooms["live-a"]?.roundedVolume, 0.8)
    }

    func testALiveFloatHasAVolumeControlOnHover() {
        var state = F.floating(F.liveA)
        assertStep(&state, .pointerEntered(.float), now: 3, effects: []) {
            $0.float.hover = true
            $0.paint.float.dirty = true
        }
        XCTAssertTrue(state.floatLayout(now: 3).buttons.contains { $0.target == .volume })
        XCTAssertNil(state.floatLayout(now: 3).nameRect)
    }
}
