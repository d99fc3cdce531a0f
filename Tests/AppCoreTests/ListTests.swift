import AppCore
import AppCoreTestSupport
import PiPLayout
import Rooms
import XCTest

/// W1: the room list's keys, pointer, wheel and scrolling.
final class ListTests: XCTestCase {
    /// 20 rooms: more than a 600 px window shows.
    private func longList() -> AppState {
        let rooms = (0..<20).map { Room(id: "room-\($0)", title: "Room \($0)", media: .live(source: .lavfi(graph: "testsrc2"))) }
        return F.start(rooms: rooms)
    }

    func testArrowKeysMoveTheSelectionAndStopAtTheEnds() {
        var state = F.start()
        assertStep(&state, F.key(.down), now: 1, effects: []) {
            $0.main.list.selected = 1
            $0.main.controlsUntil = 4
            $0.paint.main.dirty = true
        }
        assertStep(&state, F.key(.up), now: 1.5, effects: []) {
            $0.main.list.selected = 0
            $0.main.controlsUntil = 4.5
        }
        assertStep(&state, F.key(.up), now: 2, effects: []) { $0.main.controlsUntil = 5 }
        assertStep(&state, F.key(.end), now: 2, effects: []) { $0.main.list.selected = 4 }
        assertStep(&state, F.key(.down), now: 2, effects: [])
    }

    func testPageAndEndKeysScrollTheSelectionIntoView() {
        var state = longList()
        // Rows are 64 px with 8 px gaps under a 64 px header; 600 - 64 - 16 = 520 px of view.
        assertStep(&state, F.key(.pageDown), now: 1, effects: []) {
            $0.main.list.selected = 5
            $0.main.controlsUntil = 4
            $0.paint.main.dirty = true
        }
        assertStep(&state, F.key(.pageDown), now: 1, effects: []) {
            $0.main.list.selected = 10
            $0.main.list.scrollOffset = 11 * 72 - 520
        }
        assertStep(&state, F.key(.end), now: 1, effects: []) {
            $0.main.list.selected = 19
            $0.main.list.scrollOffset = 20 * 72 + 16 - 536
        }
        assertStep(&state, F.key(.home), now: 1, effects: []) {
            $0.main.list.selected = 0
            $0.main.list.scrollOffset = 0
        }
    }

    func testWheelScrollsByFortyEightPixelsClampedToTheContent() {
        var state = longList()
        assertStep(&state, .wheel(window: .main, steps: -2), now: 1, effects: []) {
            $0.main.list.scrollOffset = 96
            $0.paint.main.dirty = true
        }
        assertStep(&state, .wheel(window: .main, steps: 5), now: 1, effects: []) { $0.main.list.scrollOffset = 0 }
        assertStep(&state, .wheel(window: .main, steps: -100), now: 1, effects: []) {
            $0.main.list.scrollOffset = 20 * 72 + 16 - 536
        }
    }

    func testPointerHoversARowAndLeavingClearsIt() {
        var state = F.start()
        // Row 1 spans y = 72 + 72 ... 72 + 72 + 64.
        assertStep(&state, .pointerMoved(window: .main, x: 100, y: 150, global: Point(x: 0, y: 0), time: 1), now: 1,
                   effects: []) {
            $0.main.list.hovered = 1
            $0.paint.main.dirty = true
        }
        _ = state.reduce(.painted(.main), now: 1)
        assertStep(&state, .pointerMoved(window: .main, x: 100, y: 40, global: Point(x: 0, y: 0), time: 1), now: 1,
                   effects: []) {
            $0.main.list.hovered = nil
            $0.paint.main.dirty = true
        }
        assertStep(&state, .pointerLeft(.main), now: 1, effects: [])
    }

    func testAClickSelectsAndASecondClickOnTheSelectedRowOpensIt() {
        var state = F.start()
        let press = AppEvent.pointerPressed(window: .main, x: 100, y: 150, global: Point(x: 0, y: 0), time: 1)
        let release = AppEvent.pointerReleased(window: .main, x: 100, y: 150, global: Point(x: 0, y: 0), time: 1, overFloat: false)
        assertStep(&state, press, now: 1, effects: []) {
            $0.main.list.selected = 1
            $0.paint.main.dirty = true
        }
        assertStep(&state, release, now: 1.1, effects: [
            .openPlayback(F.liveB, delayLimit: nil), .setAudio("live-b", muted: false, volume: 1),
            .log(.info, "opened live-b"), .resetMainVideo,
            .setVideo("live-b", source: 0, video(960, 600)),
        ]) {
            _ = $0.fields.send(.focusControl("main/room"))
            $0.session.openRoom = F.liveB
            $0.session.playback["live-b"] = .connecting
            $0.session.mainWindow.content = .room("live-b")
            $0.rooms["live-b"] = justOpened(F.liveB, at: 1.1)
            $0.main.controlsUntil = 4.1
            $0.paint.float.dirty = true
        }
    }

    func testEnterOpensTheSelectedRoomAndAHostStartsMuted() {
        var state = F.start()
        state.main.list.selected = 3
        let effects = state.reduce(F.key(.enter), now: 1)
        XCTAssertEqual(effects, [
            .openPlayback(F.host, delayLimit: nil), .setAudio("host", muted: true, volume: 1),
            .log(.info, "opened host"), .resetMainVideo,
            .setVideo("host", source: 0, video(960, 600)),
        ])
        XCTAssertEqual(state.rooms["host"], justOpened(F.host, at: 1, muted: true))
    }

    func testControlQQuitsAndARepeatedEscapeDoesNothing() {
        var state = F.open(F.liveA)
        assertStep(&state, .key(.escape, window: .main, ctrl: false, isRepeat: true), now: 2, effects: [])
        assertStep(&state, F.key(.letter("q"), ctrl: true), now: 2, effects: [.quit(status: 0, message: nil)]) {
            $0.exit = 0
            $0.main.controlsUntil = 5
        }
    }

    func testTheListViewShowsRowsWithStatusesAndAScrollbarOnlyWhenNeeded() {
        var state = F.open(F.call)
        assertStep(&state, F.key(.escape), now: 2, effects: [
            .closePlayback("call"), .resetMainVideo, .log(.info, "stopped call"),
        ]) {
            _ = $0.fields.send(.focusControl("main/list"))
            _ = $0.session.reduce(.leaveClicked)
            $0.rooms = [:]
            $0.main.controlsUntil = 5
            $0.paint.main.dirty = true
            $0.checks.releaseMemoryAt = 2 + AppState.releaseDelay
        }
        let list = state.listViewModel(now: 1)
        XCTAssertEqual(list.rows.map(\.rect), (0..<5).map { PixelRect(16, 72 + $0 * 72, 928, 64) })
        XCTAssertEqual(list.rows.map(\.status), [.idle, .idle, .idle, .idle, .idle], "leaving stops the call")
        XCTAssertEqual(list.rows[2].detail, "Call · 3 participants · Audience")
        XCTAssertEqual(list.rows[4].detail, "Live stream · Audience · No PiP")
        XCTAssertEqual(list.countLabel, "5 rooms")
        XCTAssertNil(list.scrollbar)

        let long = longList()
        XCTAssertEqual(long.listViewModel(now: 1).scrollbar, PixelRect(954, 64, 4, 536 * 536 / (20 * 72 + 16)))
        XCTAssertEqual(long.listViewModel(now: 1).rows.count, 8, "only rows below the header and in the window")
    }

    func testAReloadKeepsTheSelectionInsideTheNewList() {
        var state = F.start()
        state.main.list.selected = 4
        let effects = state.reduce(.roomsReloaded(RoomsConfig(rooms: [F.liveA, F.liveB])), now: 1)
        XCTAssertEqual(effects, [])
        XCTAssertEqual(state.main.list, ListState(selected: 1, scrollOffset: 0))
        XCTAssertEqual(Array(state.listedRooms), [F.liveA, F.liveB])
    }
}
