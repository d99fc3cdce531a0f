import AppCore
import AppCoreTestSupport
import PiPLayout
import Rooms
import Session
import XCTest

/// P1, P5, P9-P13, P16: the float's showing, hover buttons, pointer, keys and bounds.
final class FloatTests: XCTestCase {
    private let first = FloatMotion(displays: [F.display], videoAspect: 16.0 / 9.0, placement: nil)
    private let inside = Point(x: 1600, y: 900)

    /// The effects of leaving the float at rest at its first place.
    private var leaveEffects: [AppEffect] {
        [.publish(.lifecycle(.willStop)), .savePlacement(.initial), .hideFloat,
         .publish(.layout(.pipLayoutDisabled)), .publish(.lifecycle(.didStop))]
    }

    /// The effects of ending PiP for the full view: the float stays until the main window shows
    /// the room (P9, P16).
    private var handOverEffects: [AppEffect] {
        [.publish(.lifecycle(.willStop)), .publish(.layout(.pipLayoutDisabled)), .publish(.lifecycle(.didStop))]
    }

    /// The main window presents its first picture of the room: the float handing over closes.
    private func mainShowsTheRoom(_ state: inout AppState, now: Double, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(state.float.visible, "the float shows until the main window has a picture", file: file, line: line)
        XCTAssertEqual(state.mainPresentedRoom(at: now), [.savePlacement(.initial), .hideFloat],
                       file: file, line: line)
        XCTAssertEqual(state.float, FloatState(), file: file, line: line)
        XCTAssertNil(state.session.floatHandover, file: file, line: line)
    }

    func testThePiPKeyShowsTheFloatAtItsFirstPlaceAndTakesTheMainWindowToTheList() {
        var state = F.open(F.liveA)
        XCTAssertEqual(first.frame, Rect(x: 1920 - 16 - 480, y: 1080 - 16 - 270, width: 480, height: 270))
        assertStep(&state, F.key(.letter("p")), now: 2,
                   effects: enterFloatEffects("live-a", title: "Live A", frame: first.frame)
                    + [.setVideo("live-a", source: 0, video(480, 270))]) {
            _ = $0.fields.send(.focusControl("main/list"))
            var session = $0.session
            _ = session.reduce(.pipRequested(origin: .key))
            $0.session = session
            $0.motion = self.first
            $0.float = FloatState()
            $0.paint.float = PaintState()
            $0.float.visible = true
            $0.float.width = 480
            $0.float.height = 270
            $0.checks.displaysAt = 2
            $0.paint.main.dirty = true
            $0.main.controlsUntil = 5
            $0.rooms["live-a"]?.video = [video(480, 270)]
        }
        XCTAssertEqual(state.session.mainWindow.content, .list)
        XCTAssertEqual(state.floatSources, [0])
        XCTAssertTrue(state.shouldPaint(.float, now: 2))
    }

    func testTheFloatUsesTheVideosAspectAndTheSavedPlacement() {
        let saved = Placement(anchor: .corner(.topLeft), widthFraction: 0.3)
        var state = F.start(environment: AppEnvironment(metrics: F.metrics, savedPlacement: saved))
        _ = state.reduce(.started(openRoom: "live-a", float: false), now: 1)
        _ = state.reduce(.playbackPolled("live-a", [SourceReport(status: .playing, videoSize: Size(width: 400, height: 300))]), now: 1)
        let frame = Rect(x: 16, y: 16, width: 576, height: 432)
        assertStep(&state, F.key(.letter("p")), now: 2,
                   effects: enterFloatEffects("live-a", title: "Live A", frame: frame)
                    + [.setVideo("live-a", source: 0, video(576, 432))]) {
            _ = $0.fields.send(.focusControl("main/list"))
            $0.floatEntered("live-a", motion: FloatMotion(displays: [F.display], videoAspect: 4.0 / 3.0, placement: saved), at: 2)
        }
        XCTAssertEqual(state.motion, FloatMotion(displays: [F.display], videoAspect: 4.0 / 3.0, placement: saved))
    }

    /// P18: the picture covers a float of its own aspect (rounding aside), and is letterboxed in
    /// a window the compositor sized otherwise (a tiling compositor's half screen).
    func testTheVideoCoversAFloatOfItsAspectAndIsLetterboxedInAnyOtherSize() {
        var state = F.open(F.liveA)
        _ = state.reduce(.playbackPolled("live-a", [SourceReport(status: .playing, videoSize: Size(width: 400, height: 300))]), now: 1)
        _ = state.reduce(F.key(.letter("p")), now: 2)
        XCTAssertTrue(state.floatLayout(now: 2).videoCoversWindow, "a 4:3 float of 4:3 video")
        for (width, height, covers) in [(577, 432, true), (576, 434, true), (580, 432, false), (576, 437, false),
                                        (636, 693, false), (960, 432, false)] {
            _ = state.reduce(.resized(.float, width: width, height: height), now: 3)
            XCTAssertEqual(state.floatLayout(now: 3).videoCoversWindow, covers, "\(width)x\(height)")
        }
    }

    /// P17: the hidden float window is made where a 16:9 float would show, so floating such a
    /// room never waits on a resize; the frame follows the saved placement and a float moved
    /// in this run.
    func testTheLikelyFloatFrameIsWhereA16By9FloatShows() {
        func shownFrame(_ effects: [AppEffect]) -> Rect? {
            effects.lazy.compactMap { if case .showFloat(_, let frame, _) = $0 { frame } else { nil } }.first
        }
        var state = F.open(F.liveA)
        let likely = state.likelyFloatFrame
        XCTAssertEqual(likely, first.frame)
        XCTAssertEqual(shownFrame(state.reduce(F.key(.letter("p")), now: 2)), likely)

        let saved = Placement(anchor: .corner(.topLeft), widthFraction: 0.3)
        state = F.start(environment: AppEnvironment(metrics: F.metrics, savedPlacement: saved))
        XCTAssertEqual(state.likelyFloatFrame, FloatMotion(displays: [F.display], videoAspect: 16.0 / 9.0, placement: saved).frame)
        _ = state.reduce(.started(openRoom: "live-a", float: false), now: 1)
        let beforeFloating = state.likelyFloatFrame
        XCTAssertEqual(shownFrame(state.reduce(F.key(.letter("p")), now: 2)), beforeFloating)
    }

    func testHoverRevealsTheButtonsWhichFollowThePointer() {
        var state = F.floating(F.liveA)
        XCTAssertEqual(state.floatLayout(now: 2).buttons, [])
        assertStep(&state, .pointerEntered(.float), now: 3, effects: []) {
            $0.float.hover = true
            $0.paint.float.dirty = true
        }
        XCTAssertEqual(state.floatLayout(now: 3).buttons, [
            Hotspot(rect: PixelRect(6, 6, 32, 32), target: .restore),
            Hotspot(rect: PixelRect(442, 6, 32, 32), target: .close),
            Hotspot(rect: PixelRect(6, 232, 32, 32), target: .mute),
            Hotspot(rect: PixelRect(44, 232, 140, 32), target: .volume),
        ])
        _ = state.reduce(.painted(.float), now: 3)
        assertStep(&state, .pointerMoved(window: .float, x: 450, y: 10, global: inside, time: 3), now: 3, effects: []) {
            $0.float.hovered = .close
            $0.paint.float.dirty = true
        }
        assertStep(&state, .pointerLeft(.float), now: 4, effects: []) {
            $0.float.hover = false
            $0.float.hovered = nil
        }
    }

    func testTheRestoreButtonRestoresTheFullView() {
        var state = F.floating(F.liveA)
        _ = state.reduce(.pointerEntered(.float), now: 3)
        assertStep(&state, .pointerPressed(window: .float, x: 10, y: 10, global: inside, time: 3), now: 3, effects: []) {
            $0.float.pressed = .restore
        }
        let effects = state.reduce(.pointerReleased(window: .float, x: 12, y: 12, global: inside, time: 3.1, overFloat: true), now: 3.1)
        XCTAssertEqual(effects, handOverEffects + [.resetMainVideo, .raiseMainWindow(userTime: 0, remap: false), .setVideo("live-a", source: 0, video(960, 600))])
        XCTAssertEqual(state.session.mainWindow, MainWindowState(content: .room("live-a"), presence: .shown))
        mainShowsTheRoom(&state, now: 3.12)
        XCTAssertEqual(state.motion, first, "the float rests where it was for the next time")
        XCTAssertEqual(state.main.controlsUntil, 6.1)
    }

    func testAButtonReleasedElsewhereDoesNothing() {
        var state = F.floating(F.liveA)
        _ = state.reduce(.pointerEntered(.float), now: 3)
        _ = state.reduce(.pointerPressed(window: .float, x: 10, y: 10, global: inside, time: 3), now: 3)
        assertStep(&state, .pointerReleased(window: .float, x: 200, y: 100, global: inside, time: 3.1, overFloat: true),
                   now: 3.1, effects: []) { $0.float.pressed = nil }
    }

    func testTheCloseButtonAndControlWReleaseTheFloat() {
        for closing in [0, 1] {
            var state = F.floating(F.liveA)
            _ = state.reduce(.pointerEntered(.float), now: 3)
            var effects = [AppEffect]()
            if closing == 0 {
                _ = state.reduce(.pointerPressed(window: .float, x: 450, y: 10, global: inside, time: 3), now: 3)
                effects = state.reduce(.pointerReleased(window: .float, x: 450, y: 10, global: inside, time: 3, overFloat: true), now: 3)
            } else {
                effects = state.reduce(F.key(.letter("w"), .float, ctrl: true), now: 3)
            }
            XCTAssertEqual(effects, leaveEffects + [
                .closePlayback("live-a"), .resetMainVideo, .log(.info, "stopped live-a"),
            ])
            XCTAssertNil(state.session.openRoomID)
            XCTAssertTrue(state.rooms.isEmpty)
            XCTAssertFalse(state.float.visible)
        }
    }

    func testATapRestoresAndADragMovesTheFloatWithoutRestoring() {
        var state = F.floating(F.liveA)
        assertStep(&state, .pointerPressed(window: .float, x: 200, y: 100, global: inside, time: 3), now: 3, effects: []) {
            var m = self.first
            _ = m.send(.pointerPressed(self.inside, time: 3))
            $0.motion = m
            $0.float.hover = true
            $0.float.pointerDown = true
            $0.float.heldPointer = self.inside
        }
        let tap = state.reduce(.pointerReleased(window: .float, x: 201, y: 100, global: Point(x: 1601, y: 900), time: 3.1, overFloat: true), now: 3.1)
        XCTAssertEqual(tap, handOverEffects + [.resetMainVideo, .raiseMainWindow(userTime: 0, remap: false), .setVideo("live-a", source: 0, video(960, 600))])

        state = F.floating(F.liveA)
        _ = state.reduce(.pointerPressed(window: .float, x: 200, y: 100, global: inside, time: 3), now: 3)
        let drag = state.reduce(.pointerMoved(window: .float, x: 200, y: 100, global: Point(x: 1500, y: 900), time: 3.05), now: 3.05)
        // 100 px from the press is past the dismiss target's 40 px: it shows with the move (P19).
        let target = DismissTarget(on: F.display)
        XCTAssertEqual(drag, [.moveFloat(first.frame.offset(by: Vector(dx: -100, dy: 0))),
                              .dismissTarget(target)])
        // A leave while held is held back; the pointer is polled while the window follows it.
        XCTAssertEqual(state.reduce(.pointerLeft(.float), now: 3.06), [])
        XCTAssertTrue(state.float.hover)
        let polled = state.reduce(.tick(pointer: Point(x: 1450, y: 900)), now: 3.07)
        XCTAssertTrue(polled.contains(.moveFloat(first.frame.offset(by: Vector(dx: -150, dy: 0)))))
        XCTAssertEqual(state.float.heldPointer, Point(x: 1450, y: 900))
        let release = state.reduceLogged(.pointerReleased(window: .float, x: 0, y: 0, global: Point(x: 1450, y: 900), time: 3.3, overFloat: false), now: 3.3)
        XCTAssertTrue(release.contains { if case .stats(.snapTarget) = $0 { true } else { false } })
        XCTAssertTrue(state.float.visible, "a drag does not restore")
        XCTAssertFalse(state.float.hover, "hover follows where the pointer is after the drag")
        XCTAssertTrue(state.motion?.isAnimating == true)
    }

    func testFloatKeysRestoreMuteResizeAndMove() {
        var state = F.floating(F.liveA)
        XCTAssertEqual(state.reduce(F.key(.letter("m"), .float), now: 3),
                       [.setAudio("live-a", muted: true, volume: 1)])
        let grown = state.reduce(F.key(.plus, .float), now: 3)
        let bigger = Rect(x: 1920 - 16 - 528, y: 1080 - 16 - 297, width: 528, height: 297)
        XCTAssertEqual(grown, [.moveFloat(bigger),
                               .savePlacement(Placement(anchor: .corner(.bottomRight), widthFraction: 0.275))])
        let moved = state.reduceLogged(F.key(.up, .float), now: 3)
        XCTAssertEqual(moved.first, .stats(.snapTarget("\(SnapTarget(anchor: .corner(.topRight), frame: Rect(x: 1920 - 16 - 528, y: 16, width: 528, height: 297)))")))
        XCTAssertTrue(state.motion?.isAnimating == true)
        XCTAssertEqual(state.reduce(F.key(.escape, .float), now: 3.2).first, .publish(.lifecycle(.willStop)))
        XCTAssertEqual(state.session.mainWindow.content, .room("live-a"))
    }

    func testTheWheelResizesAVisibleFloatAndScrollsTheListOtherwise() {
        var state = F.floating(F.liveA)
        var logged = state
        XCTAssertTrue(logged.reduceLogged(.wheel(window: .float, steps: -1), now: 3).contains(.stats(.floatMove(PixelRect(1468, 819, 436, 245)))))
        // A step down divides the size by 1.1 (436.36 x 245.45), keeping the bottom-right corner.
        let effects = state.reduce(.wheel(window: .float, steps: -1), now: 3)
        guard effects.count == 2, case .moveFloat(let frame) = effects[0], case .savePlacement(let placement) = effects[1] else {
            return XCTFail("expected a move and a placement: \(effects)")
        }
        XCTAssertEqual(frame.width, 480 / 1.1, accuracy: 1e-9)
        XCTAssertEqual(frame.maxX, 1920 - 16, accuracy: 1e-9)
        XCTAssertEqual(frame.maxY, 1080 - 16, accuracy: 1e-9)
        XCTAssertEqual(placement.anchor, .corner(.bottomRight))
        XCTAssertEqual(placement.widthFraction, 0.25 / 1.1, accuracy: 1e-9)
        assertStep(&state, F.key(.escape, .float), now: 4, effects: [
            .publish(.lifecycle(.willStop)), .publish(.layout(.pipLayoutDisabled)), .publish(.lifecycle(.didStop)),
            .resetMainVideo, .raiseMainWindow(userTime: 0, remap: false),
            .setVideo("live-a", source: 0, video(960, 600)),
        ]) {
            _ = $0.fields.send(.focusControl("main/room"))
            $0.floatLeft("live-a", video: [video(960, 600)], at: 4)
        }
        XCTAssertEqual(state.mainPresentedRoom(at: 4.01), [.savePlacement(placement), .hideFloat])
        XCTAssertEqual(state.reduce(.wheel(window: .float, steps: -1), now: 5), [], "a hidden float takes no input")
    }

    func testAFloatThatCannotShowGoesBackToTheFullViewWithAToast() {
        var state = F.floating(F.liveA)
        let effects = state.reduce(.floatFailedToShow, now: 2.1)
        XCTAssertEqual(effects, [.publish(.lifecycle(.willStop)), .publish(.layout(.pipLayoutDisabled)),
                                 .publish(.lifecycle(.didStop)), .resetMainVideo, .raiseMainWindow(userTime: 0, remap: false),
                                 .setVideo("live-a", source: 0, video(960, 600))])
        XCTAssertEqual(state.toasts, [Toast(message: "Cannot open the float window", until: 6.1)])
        XCTAssertEqual(state.session.mainWindow.content, .room("live-a"))
        XCTAssertFalse(state.float.visible)
    }

    func testMinimizingAPlayingRoomFloatsItAndRestoringTheMainWindowEndsPiP() {
        var state = F.open(F.liveA)
        XCTAssertEqual(state.reduce(.minimized, now: 2), enterFloatEffects("live-a", title: "Live A", frame: first.frame)
                       + [.setVideo("live-a", source: 0, video(480, 270))])
        XCTAssertEqual(state.session.mainWindow, MainWindowState(content: .room("live-a"), presence: .minimized))
        XCTAssertEqual(state.reduce(.focused(minimized: true), now: 3), [], "focus while still minimized changes nothing")
        XCTAssertEqual(state.reduce(.restored, now: 3), handOverEffects + [.setVideo("live-a", source: 0, video(960, 600))])
        XCTAssertEqual(state.session.mainWindow, MainWindowState(content: .room("live-a"), presence: .shown))
        XCTAssertNotNil(state.rooms["live-a"], "playback continues")
        _ = state.reduce(.exposed(.main), now: 3.1)
        mainShowsTheRoom(&state, now: 3.12)
    }

    func testTheFloatShowsUntilTheRestoredMainWindowPresentsTheRoomOnScreen() {
        var state = F.open(F.liveA)
        _ = state.reduce(.minimized, now: 2)
        XCTAssertFalse(state.main.onScreen)
        _ = state.reduce(.restored, now: 3)
        XCTAssertEqual(state.float.closesBy, 3.5)
        assertStep(&state, .framesUploaded(.float), now: 3.01, effects: []) { $0.paint.float.framePending = true }
        XCTAssertTrue(state.shouldPaint(.float, now: 3.01), "the float keeps presenting the room")
        XCTAssertEqual(state.visibleSources.map(\.1), [0, 0], "in both windows")
        assertStep(&state, .shown(.main), now: 3.01, effects: []) { $0.paint.main.dirty = true }
        XCTAssertEqual(state.reduce(.pictureShown(.main, pts: 1), now: 3.02), [],
                       "shown, but presented before the window manager maps the window again: nothing on screen")
        assertStep(&state, .exposed(.main), now: 3.2, effects: []) {
            $0.main.onScreen = true
            $0.paint.main.dirty = true
        }
        XCTAssertEqual(state.reduce(.pictureShown(.main, pts: nil), now: 3.21), [], "no picture of the room yet")
        mainShowsTheRoom(&state, now: 3.22)
    }

    func testAFloatHandingOverClosesAfterItsTimeoutWithoutAPicture() {
        var state = F.open(F.liveA)
        _ = state.reduce(.minimized, now: 2)
        _ = state.reduce(.restored, now: 3)
        XCTAssertEqual(state.nextWake(now: 3.4, frameDelay: nil), 3.5, accuracy: 1e-9)
        XCTAssertFalse(state.reduce(.tick(pointer: inside), now: 3.4).contains(.hideFloat))
        let effects = state.reduce(.tick(pointer: inside), now: 3.5)
        XCTAssertTrue(effects.contains(.hideFloat), "\(effects)")
        XCTAssertTrue(effects.contains(.log(.debug, "the main window showed no picture within 0.5 s: the float closes")))
        XCTAssertFalse(state.float.visible)
    }

    func testMinimizingWithAutoPiPOffHidesTheVideoUntilTheMainWindowIsBack() {
        var state = F.start(settings: RoomsSettings(autoPiP: false, autoExit: true))
        state.main.list.selected = 0
        _ = state.reduce(F.key(.enter), now: 1)
        _ = state.reduce(.playbackPolled("live-a", F.reports(F.liveA, .playing)), now: 1)
        XCTAssertEqual(state.reduce(.minimized, now: 2), [.setVideo("live-a", source: 0, .hidden)],
                       "no float, no lifecycle event; nobody sees the video, so it is hidden (sound plays on)")
        XCTAssertFalse(state.float.visible)
        assertStep(&state, .framesUploaded(.main), now: 2, effects: []) { $0.paint.main.framePending = true }
        XCTAssertFalse(state.shouldPaint(.main, now: 3), "a minimized window presents no frames")
        XCTAssertTrue(state.sourcesAwaitingFrames.isEmpty, "nor does the loop wake for them")
        XCTAssertEqual(state.reduce(.restored, now: 4), [.setVideo("live-a", source: 0, video(960, 600))])
        XCTAssertTrue(state.shouldPaint(.main, now: 4), "frames again once it is back")
        XCTAssertEqual(state.sourcesAwaitingFrames.map(\.1), [0])
    }

    func testNewDisplaysReSettleAVisibleFloat() {
        var state = F.floating(F.liveA)
        let smaller = Display(full: Rect(x: 0, y: 0, width: 1280, height: 720))
        let effects = state.reduce(.displaysRead([smaller]), now: 3)
        XCTAssertEqual(state.displays, [smaller])
        XCTAssertTrue(effects.contains { if case .moveFloat = $0 { true } else { false } })
        XCTAssertEqual(state.reduce(.displaysRead([smaller]), now: 4), [], "the same displays change nothing")
    }

    func testAStashedFloatHasNoButtons() {
        var state = F.floating(F.liveA)
        state.motion = FloatMotion(displays: [F.display], videoAspect: 16.0 / 9.0,
                                   placement: Placement(anchor: .stashed(.right, heightFraction: 0.5), widthFraction: 0.25))
        assertStep(&state, .pointerEntered(.float), now: 3, effects: []) { $0.float.hover = true }
        XCTAssertTrue(state.floatIsStashed)
        XCTAssertEqual(state.floatLayout(now: 3).buttons, [])
    }
}
