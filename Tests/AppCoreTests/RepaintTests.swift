@testable import AppCore
import AppCoreTestSupport
import PiPLayout
import Rooms
import Session
import TestSupport
import XCTest

/// Each part a window paints repaints it when a step changes it, and only then: one step
/// changes one part, a step that changes nothing painted leaves the window clean.
final class RepaintTests: XCTestCase {
    private let origin = Point(x: 0, y: 0)

    /// The list shown and painted at t = 1.
    private func cleanList() -> AppState {
        var state = F.start()
        _ = state.reduce(.painted(.main), now: 1)
        return state
    }

    /// `room` open in the main window, painted at t = 1 with its control bar showing.
    private func cleanRoom(_ room: Room) -> AppState {
        F.open(room)
    }

    /// `room` floating, both windows painted at t = 2.
    private func cleanFloat(_ room: Room) -> AppState {
        F.floating(room)
    }

    // MARK: The main window

    func testTheMainWindowsSizeRepaintsAndTheSameSizeDoesNot() {
        var state = cleanList()
        assertStep(&state, .resized(.main, width: 960, height: 600), now: 2, effects: [])
        assertStep(&state, .resized(.main, width: 800, height: 600), now: 2, effects: []) {
            $0.main.width = 800
            $0.paint.main.dirty = true
        }
    }

    func testTheListsHoveredRowRepaintsAndAMoveWithinItDoesNot() {
        var state = cleanList()
        assertStep(&state, .pointerMoved(window: .main, x: 100, y: 100, global: origin, time: 2), now: 2, effects: []) {
            $0.main.list.hovered = 0
            $0.paint.main.dirty = true
        }
        _ = state.reduce(.painted(.main), now: 2)
        assertStep(&state, .pointerMoved(window: .main, x: 120, y: 110, global: origin, time: 2.1), now: 2.1, effects: [])
    }

    func testTheListsSelectionRepaintsAndAKeyPastTheEndDoesNot() {
        var state = cleanList()
        assertStep(&state, F.key(.up), now: 2, effects: []) { $0.main.controlsUntil = 5 }
        assertStep(&state, F.key(.down), now: 2, effects: []) {
            $0.main.list.selected = 1
            $0.paint.main.dirty = true
        }
    }

    func testATickOverTheListWithARoomOpenRepaintsNothing() {
        var state = F.open(F.liveA)
        _ = state.reduce(F.key(.escape), now: 1.5)
        _ = state.reduce(.painted(.main), now: 1.5)
        XCTAssertEqual(state.session.mainWindow.content, .list)
        assertStep(&state, .tick(pointer: origin), now: 1.6, effects: [.checkRoomsFile]) {
            $0.checks.roomsFileAt = 1.6
            $0.checks.levelsAt = 1.6
        }
    }

    func testAToastRepaintsTheMainWindowOnly() {
        var state = cleanFloat(F.liveA)
        assertStep(&state, .roomsFileFailed(.problems(1)), now: 3, effects: []) {
            $0.toasts = [Toast(message: "The rooms file has 1 problem; keeping the current rooms", until: 7)]
            $0.paint.main.dirty = true
        }
    }

    func testAnExposedWindowRepaintsThoughNothingChanged() {
        var state = cleanFloat(F.liveA)
        assertStep(&state, .exposed(.main), now: 3, effects: []) { $0.paint.main.dirty = true }
        assertStep(&state, .exposed(.float), now: 3, effects: []) { $0.paint.float.dirty = true }
        _ = state.reduce(.painted(.main), now: 3.1)
        assertStep(&state, .shown(.main), now: 3.2, effects: []) { $0.paint.main.dirty = true }
    }

    func testTheRoomViewsHoveredControlRepaintsAndTheSameControlDoesNot() {
        var state = cleanRoom(F.liveA)
        let mute = state.roomLayout(now: 1.5)!.buttons.first { $0.control == .mute }!.rect
        assertStep(&state, .pointerMoved(window: .main, x: mute.x + 2, y: mute.y + 2, global: origin, time: 1.5), now: 1.5,
                   effects: []) {
            $0.main.hovered = .mute
            $0.main.controlsUntil = 4.5
            $0.paint.main.dirty = true
        }
        _ = state.reduce(.painted(.main), now: 1.5)
        assertStep(&state, .pointerMoved(window: .main, x: mute.x + 4, y: mute.y + 4, global: origin, time: 1.6), now: 1.6,
                   effects: []) {
            $0.main.controlsUntil = 4.6
        }
    }

    func testTheControlBarComingBackRepaints() {
        var state = cleanRoom(F.liveA)
        _ = state.reduce(.painted(.main), now: 5)
        XCTAssertFalse(state.controlsVisible(now: 5))
        assertStep(&state, .pointerMoved(window: .main, x: 500, y: 300, global: origin, time: 5), now: 5, effects: []) {
            $0.main.controlsUntil = 8
            $0.paint.main.dirty = true
        }
    }

    func testMutingRepaintsTheRoomView() {
        var state = cleanRoom(F.liveA)
        assertStep(&state, F.key(.letter("m")), now: 1.5, effects: [
            .setAudio("live-a", muted: true, volume: 1),
        ]) {
            $0.rooms["live-a"]?.muted = true
            $0.main.controlsUntil = 4.5
            $0.paint.main.dirty = true
        }
    }

    func testALevelRepaintsOnlyWhereTheParticipantPanelShowsIt() {
        var state = F.open(F.call)
        assertStep(&state, .playbackPolled("call", F.reports(F.call, .playing, levels: [-20, -90, -90])), now: 1.1,
                   effects: []) {
            $0.rooms["call"]?.levels = [-20, -90, -90]
        }
        _ = state.reduce(F.key(.letter("u")), now: 1.2)
        _ = state.reduce(.painted(.main), now: 1.2)
        assertStep(&state, .playbackPolled("call", F.reports(F.call, .playing, levels: [-30, -90, -90])), now: 1.3,
                   effects: []) {
            $0.rooms["call"]?.levels = [-30, -90, -90]
            $0.paint.main.dirty = true
        }
    }

    func testAMinimizedWindowIsRepaintedWhenItComesBack() {
        var state = cleanList()
        _ = state.reduce(.minimized, now: 2)
        XCTAssertFalse(state.shouldPaint(.main, now: 2))
        _ = state.reduce(.painted(.main), now: 2)
        assertStep(&state, .restored, now: 3, effects: []) {
            $0.session.mainWindow.presence = .shown
            $0.paint.main.dirty = true
        }
    }

    func testANewScaleRepaintsBothWindows() {
        var state = cleanFloat(F.liveA)
        let metrics = UIMetrics(scale: 2) { text, _ in text.count * 14 }
        _ = state.reduce(.scaleChanged(metrics), now: 3)
        XCTAssertTrue(state.paint.main.dirty)
        XCTAssertTrue(state.paint.float.dirty)
    }

    // MARK: The float

    func testTheFloatsHoverRepaintsItAndAMoveOverTheSameSpotDoesNot() {
        var state = cleanFloat(F.liveA)
        assertStep(&state, .pointerMoved(window: .float, x: 240, y: 130, global: origin, time: 3), now: 3, effects: []) {
            $0.float.hover = true
            $0.paint.float.dirty = true
        }
        _ = state.reduce(.painted(.float), now: 3)
        assertStep(&state, .pointerMoved(window: .float, x: 241, y: 131, global: origin, time: 3.1), now: 3.1, effects: [])
    }

    func testTheFloatsVolumeRepaintsTheFloatAndNotTheListBehindIt() {
        var state = cleanFloat(F.liveA)
        assertStep(&state, .wheelWithModifier(window: .float, steps: -1), now: 3, effects: [
            .setAudio("live-a", muted: false, volume: 0.9),
        ]) {
            $0.rooms["live-a"]?.volume = 0.9
            $0.paint.float.dirty = true
        }
    }

    func testTheFloatsSizeRepaintsIt() {
        var state = cleanFloat(F.liveA)
        assertStep(&state, .resized(.float, width: 480, height: 270), now: 3, effects: [])
        assertStep(&state, .resized(.float, width: 400, height: 225), now: 3,
                   effects: [.setVideo("live-a", source: 0, video(400, 225))]) {
            $0.rooms["live-a"]?.video = [video(400, 225)]
            $0.float.width = 400
            $0.float.height = 225
            $0.paint.float.dirty = true
        }
    }

    // MARK: Nothing painted changed

    func testATickThatOnlyPollsRepaintsNothing() {
        var state = cleanFloat(F.call)
        assertStep(&state, .tick(pointer: origin), now: 2.05, effects: [.checkRoomsFile]) {
            $0.checks.roomsFileAt = 2.05
            $0.checks.levelsAt = 2.05
        }
    }

    /// A step builds the views only when a stored property they may read changed: every stored
    /// property but the few no view reads must be compared, so a new one has to be added to
    /// `AppState.viewInputsEqual` (this list fails until it is).
    func testEveryStoredPropertyAViewMayReadIsComparedBeforeTheViewsAreBuilt() {
        let stored = Set(Mirror(reflecting: F.start()).children.compactMap(\.label))
        let compared: Set = ["rooms", "session", "main", "float", "motion", "toasts", "fields", "environment", "displays",
                             "exit", "mediaControls", "callLinks", "calls", "broadcasting", "userRooms", "playlists",
                             "opened", "roomsFile", "directory"]
        XCTAssertEqual(stored.subtracting(AppState.propertiesNoViewReads), compared)
        var state = cleanFloat(F.liveA), other = state
        XCTAssertTrue(AppState.viewInputsEqual(state, other))
        other.checks.roomsFileAt += 1
        other.paint.float.dirty.toggle()
        XCTAssertTrue(AppState.viewInputsEqual(state, other))
        state.toasts.append(Toast(message: "m", until: 9))
        XCTAssertFalse(AppState.viewInputsEqual(state, other))
    }

    func testAFrameOrAPaintAloneMarksNothingChanged() {
        var state = cleanFloat(F.liveA)
        assertStep(&state, .framesUploaded(.float), now: 3, effects: []) { $0.paint.float.framePending = true }
        assertStep(&state, .painted(.float), now: 3, effects: []) {
            $0.paint.float = PaintState(dirty: false, framePending: false, lastPresent: 3)
        }
    }
}
