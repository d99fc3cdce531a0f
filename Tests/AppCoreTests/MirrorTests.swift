import AppCore
import AppCoreTestSupport
import Localization
import PiPLayout
import Rooms
import Session
import TestSupport
import XCTest

/// X5: under a right-to-left language the main window mirrors, as GTK and Qt mirror theirs:
/// each view model's rectangles are reflected, so painting and hit-testing follow together.
final class MirrorTests: XCTestCase {
    private let origin = Point(x: 0, y: 0)

    private func rightToLeft(_ state: AppState) -> AppState {
        var state = state
        state.environment.direction = .rightToLeft
        return state
    }

    private func pressed(_ x: Int, _ y: Int, at t: Double) -> AppEvent {
        .pointerPressed(window: .main, x: x, y: y, global: origin, time: t)
    }

    private func released(_ x: Int, _ y: Int, at t: Double) -> AppEvent {
        .pointerReleased(window: .main, x: x, y: y, global: origin, time: t, overFloat: false)
    }

    private func centre(_ r: PixelRect) -> (Int, Int) { (r.x + r.w / 2, r.y + r.h / 2) }

    /// Every rectangle of `rtl` is the one of `ltr` reflected across the 960 px window.
    private func assertMirrored(_ ltr: RoomViewModel, _ rtl: RoomViewModel, file: StaticString = #filePath, line: UInt = #line) {
        func flip(_ r: PixelRect) -> PixelRect { r.mirrored(within: 960) }
        XCTAssertEqual(rtl.direction, .rightToLeft, file: file, line: line)
        XCTAssertEqual(rtl.stage, flip(ltr.stage), "stage", file: file, line: line)
        XCTAssertEqual(rtl.panel, ltr.panel.map(flip), "panel", file: file, line: line)
        XCTAssertEqual(rtl.buttons.map(\.control), ltr.buttons.map(\.control), file: file, line: line)
        XCTAssertEqual(rtl.buttons.map(\.rect), ltr.buttons.map { flip($0.rect) }, "buttons", file: file, line: line)
        XCTAssertEqual(rtl.controls.map(\.target), ltr.controls.map(\.target), file: file, line: line)
        XCTAssertEqual(rtl.controls.map(\.rect), ltr.controls.map { flip($0.rect) }, "hotspots", file: file, line: line)
        XCTAssertEqual(rtl.volumeTrack, ltr.volumeTrack.map(flip), "volume track", file: file, line: line)
        XCTAssertEqual(rtl.volumeSlider, ltr.volumeSlider.map(flip), "volume slider", file: file, line: line)
        XCTAssertEqual(rtl.badge?.rect, ltr.badge.map { flip($0.rect) }, "badge", file: file, line: line)
        XCTAssertEqual(rtl.titleBox, flip(ltr.titleBox), "title", file: file, line: line)
        XCTAssertEqual(rtl.clockBox, flip(ltr.clockBox), "clock", file: file, line: line)
        XCTAssertEqual(rtl.broadcastBox, flip(ltr.broadcastBox), "broadcast line", file: file, line: line)
        XCTAssertEqual(rtl.layoutLabel?.rect, ltr.layoutLabel.map { flip($0.rect) }, "layout label", file: file, line: line)
        XCTAssertEqual(rtl.tiles.map(\.rect), ltr.tiles.map { flip($0.rect) }, "tiles", file: file, line: line)
        XCTAssertEqual(rtl.tiles.map(\.tag), ltr.tiles.map { flip($0.tag) }, "name tags", file: file, line: line)
        XCTAssertEqual(rtl.tiles.map(\.name.rect), ltr.tiles.map { flip($0.name.rect) }, "names", file: file, line: line)
        XCTAssertEqual(rtl.participants.map(\.row), ltr.participants.map { $0.row.map(flip) }, "panel rows", file: file, line: line)
        XCTAssertEqual(rtl.overlay?.area, ltr.overlay.map { flip($0.area) }, "overlay", file: file, line: line)
        XCTAssertEqual(rtl.overlay?.retry, ltr.overlay?.retry.map(flip), "retry", file: file, line: line)
        XCTAssertEqual(rtl.overlay?.captions.map(\.rect), ltr.overlay?.captions.map { flip($0.rect) }, "captions", file: file, line: line)
        XCTAssertEqual(rtl.overlay?.spinner?.x, ltr.overlay?.spinner.map { 960 - $0.x }, "spinner", file: file, line: line)
        XCTAssertEqual(rtl.title, ltr.title, file: file, line: line)
        XCTAssertEqual(rtl.topHeight, ltr.topHeight, file: file, line: line)
    }

    func testAHostsViewMirrorsBackToTheRightAndLeaveToTheLeft() throws {
        let ltrState = F.open(F.host)
        let ltr = try XCTUnwrap(ltrState.roomLayout(now: 2))
        let rtl = try XCTUnwrap(rightToLeft(ltrState).roomLayout(now: 2))
        assertMirrored(ltr, rtl)
        XCTAssertEqual(ltr.direction, .leftToRight)
        // Left to right: Back at the left edge, Leave at the right (16 px padding, 40 px buttons).
        XCTAssertEqual(ltr.buttons.first { $0.control == .back }?.rect, PixelRect(16, 548, 40, 40))
        XCTAssertEqual(rtl.buttons.first { $0.control == .back }?.rect, PixelRect(904, 548, 40, 40))
        XCTAssertEqual(rtl.buttons.first { $0.control == .leave }?.rect, PixelRect(16, 548, 40, 40))
        // The ON AIR badge leads the title on the right; the title ends where the badge begins.
        let badge = try XCTUnwrap(rtl.badge)
        XCTAssertEqual(badge.rect.maxX, 960 - 16)
        XCTAssertEqual(rtl.titleBox.maxX, badge.rect.x - 10)
        XCTAssertLessThan(rtl.clockBox.maxX, rtl.titleBox.x, "the clock is at the left, clear of the title")
    }

    func testClicksFollowTheMirroredControls() {
        var back = rightToLeft(F.open(F.host))
        let (bx, by) = centre(PixelRect(904, 548, 40, 40))
        assertStep(&back, pressed(bx, by, at: 2), now: 2, effects: []) {
            $0.main.controlsUntil = 5
            _ = $0.fields.send(.blur)
        }
        assertStep(&back, released(bx, by, at: 2), now: 2, effects: []) {
            _ = $0.session.reduce(.backToListClicked)
            $0.paint.main.dirty = true
        }
        XCTAssertEqual(back.session.mainWindow.content, .list, "Back, now at the right, shows the list")
        XCTAssertNotNil(back.rooms["host"], "Back keeps the host's room open")

        var leave = rightToLeft(F.open(F.host))
        assertStep(&leave, pressed(36, 568, at: 2), now: 2, effects: []) {
            $0.main.controlsUntil = 5
            _ = $0.fields.send(.blur)
        }
        assertStep(&leave, released(36, 568, at: 2), now: 2, effects: [
            .closePlayback("host"), .resetMainVideo, .log(.info, "stopped host"),
        ]) {
            _ = $0.session.reduce(.leaveClicked)
            $0.rooms = [:]
            $0.paint.main.dirty = true
            $0.checks.releaseMemoryAt = 2 + AppState.releaseDelay
        }
        XCTAssertEqual(leave.session.mainWindow.content, .list)
        XCTAssertNil(leave.rooms["host"], "where Back was, Leave now closes the room")
    }

    func testTheVolumeSliderFillsFromTheRight() throws {
        var state = rightToLeft(F.open(F.liveA))
        let slider = try XCTUnwrap(state.roomLayout(now: 2)?.volumeSlider)
        // Left to right the slider's hit area is (110, 548, 122, 40): mirrored, it ends 110 px from the right.
        XCTAssertEqual(slider, PixelRect(960 - 110 - 122, 548, 122, 40))
        let inset = 6, inner = 110
        assertStep(&state, pressed(slider.maxX - inset - inner / 2, 568, at: 2), now: 2,
                   effects: [.setAudio("live-a", muted: false, volume: 0.5)]) {
            _ = $0.fields.send(.blur)
            $0.rooms["live-a"]?.volume = 0.5
            $0.main.draggingVolume = true
            $0.main.controlsUntil = 5
            $0.paint.main.dirty = true
        }
        // The slider's left end is full volume.
        assertStep(&state, .pointerMoved(window: .main, x: slider.x, y: 568, global: origin, time: 2.1), now: 2.1,
                   effects: [.setAudio("live-a", muted: false, volume: 1)]) {
            $0.rooms["live-a"]?.volume = 1
            $0.main.hovered = .volume
            $0.main.controlsUntil = 5.1
        }
        // The slider's right end is silence.
        assertStep(&state, .pointerMoved(window: .main, x: slider.maxX, y: 568, global: origin, time: 2.2), now: 2.2,
                   effects: [.setAudio("live-a", muted: false, volume: 0)]) {
            $0.rooms["live-a"]?.volume = 0
            $0.main.hovered = nil
            $0.main.controlsUntil = 5.2
        }
    }

    func testACallMirrorsItsPanelTilesAndLayoutLabel() throws {
        var state = F.open(F.call)
        _ = state.reduce(F.key(.letter("u")), now: 2)
        _ = state.reduce(F.key(.letter("l")), now: 2)
        _ = state.reduce(F.key(.letter("l")), now: 2)
        XCTAssertEqual(state.session.callLayout, .sidebar)
        let ltr = try XCTUnwrap(state.roomLayout(now: 2))
        let rtl = try XCTUnwrap(rightToLeft(state).roomLayout(now: 2))
        assertMirrored(ltr, rtl)
        XCTAssertEqual(rtl.panel, PixelRect(0, 0, 240, 600), "the participant panel moves to the left")
        XCTAssertEqual(rtl.stage, PixelRect(240, 0, 720, 600))
        let main = try XCTUnwrap(rtl.tiles.first), strip = try XCTUnwrap(rtl.tiles.last)
        XCTAssertLessThan(strip.rect.x, main.rect.x, "the sidebar's strip is at the left of the speaker")
        XCTAssertEqual(rtl.buttons.last?.rect, PixelRect(240 + 16, 548, 40, 40), "Leave at the stage's left")
    }

    func testAFailedParticipantsRetryIsHitWhereItIsDrawn() throws {
        var state = F.open(F.call)
        _ = state.reduce(F.key(.letter("l")), now: 2)
        _ = state.reduce(F.key(.letter("l")), now: 2)
        let failed = SourceReport(status: .failed(.streamFailed("404")), opens: 1, level: -90)
        let playing = SourceReport(status: .playing, opens: 1, level: -90)
        _ = state.reduce(.playbackPolled("call", [playing, failed, playing]), now: 3)
        let ltr = try XCTUnwrap(state.roomLayout(now: 3))
        state = rightToLeft(state)
        let rtl = try XCTUnwrap(state.roomLayout(now: 3))
        assertMirrored(ltr, rtl)
        let drawn = try XCTUnwrap(rtl.tiles.first { $0.index == 1 }?.overlay?.retry)
        let unmirrored = try XCTUnwrap(ltr.tiles.first { $0.index == 1 }?.overlay?.retry)
        XCTAssertLessThan(drawn.x, 480, "the sidebar strip, and its Retry, are at the left")
        let missed = assertStep(&state, pressed(unmirrored.x + 4, unmirrored.y + 4, at: 4), now: 4, effects: []) {
            _ = $0.fields.send(.blur)
            $0.main.controlsUntil = 7
        } + assertStep(&state, released(unmirrored.x + 4, unmirrored.y + 4, at: 4), now: 4, effects: [])
        XCTAssertFalse(missed.contains(.reopenSource("call", source: 1)), "where Retry would be left to right, nothing retries")
        let hit = assertStep(&state, pressed(drawn.x + 4, drawn.y + 4, at: 4), now: 4, effects: [])
            + assertStep(&state, released(drawn.x + 4, drawn.y + 4, at: 4), now: 4, effects: [
                .reopenSource("call", source: 1),
                .log(.info, "retrying source 1 of call"), .setVideo("call", source: 1, .thumbnail(width: 183, height: 101)),
            ]) {
                $0.rooms["call"]?.sources[1] = .connecting
                $0.rooms["call"]?.sourceSince[1] = 4
                $0.rooms["call"]?.opens[1] = 0
            }
        XCTAssertTrue(hit.contains(.reopenSource("call", source: 1)), "Retry is hit where it is drawn")
    }

    func testListRowsPutTheirBadgeRightAndTheirStatusPillLeft() throws {
        let ltrState = try measured(F.start())
        var rtlState = try measured(rightToLeft(F.start()))
        let ltr = ltrState.listViewModel(now: 1), rtl = rtlState.listViewModel(now: 1)
        XCTAssertEqual(rtl.direction, .rightToLeft)
        XCTAssertEqual(rtl.rows.map(\.rect), ltr.rows.map(\.rect), "rows span the width either way")
        for (l, r) in zip(ltr.rows, rtl.rows) {
            XCTAssertEqual(r.badge, l.badge.mirrored(within: 960))
            XCTAssertEqual(r.text, l.text.mirrored(within: 960))
            XCTAssertEqual(r.pill, l.pill.mirrored(within: 960))
            XCTAssertGreaterThan(l.pill.x, l.text.maxX, "left to right the pill is at the right")
            XCTAssertLessThan(r.pill.maxX, r.text.x, "right to left the pill is at the left")
            XCTAssertGreaterThan(r.badge.x, r.text.maxX, "right to left the badge leads at the right")
        }
        // The pill fits the widest status ("Reconnecting", 12 letters at 7 px) with 40 px for its dot and ends.
        XCTAssertEqual(rtl.rows.first?.pill, PixelRect(32, 72 + 19, 12 * 7 + 40, 26))
        // The header: the app's name at the right, the count (7 px a character) at the left.
        XCTAssertEqual(ltr.countBox, PixelRect(960 - 16 - 7 * 7, 0, 7 * 7, 64))
        XCTAssertEqual(rtl.countBox, PixelRect(16, 0, 7 * 7, 64))
        XCTAssertEqual(rtl.titleBox, ltr.titleBox.mirrored(within: 960))
        XCTAssertEqual(rtl.titleBox.maxX, 960 - 16)
        let add = rtl.addButton
        _ = rtlState.reduce(pressed(add.x + add.w / 2, add.y + add.h / 2, at: 2), now: 2)
        XCTAssertEqual(rtlState.fields.focused, .location, "the add button is hit where it is drawn beside the measured count")
    }

    /// The header’s room count (“5 rooms”) measured as the shell measures it, at 7 px a character.
    private func measured(_ state: AppState) throws -> AppState {
        var state = state
        let text = try XCTUnwrap(state.textToMeasure)
        XCTAssertEqual(text.text, "5 rooms")
        _ = state.reduce(.textMeasured(text, width: text.text.count * 7), now: 1)
        XCTAssertNil(state.textToMeasure, "measured once")
        return state
    }

    func testALongListsScrollbarMovesLeftAndRowsAreStillHitWhereDrawn() throws {
        let rooms = (0..<20).map { Room(id: "room-\($0)", title: "Room \($0)", media: .live(source: .lavfi(graph: "testsrc2"))) }
        var state = rightToLeft(F.start(rooms: rooms))
        let list = state.listViewModel(now: 1)
        XCTAssertEqual(list.scrollbar?.x, 2, "the scrollbar hugs the left edge")
        let row = list.rows[2]
        assertStep(&state, pressed(row.pill.x + 4, row.pill.y + 4, at: 1), now: 1, effects: []) {
            $0.main.list.selected = 2
            $0.paint.main.dirty = true
        }
        assertStep(&state, released(row.pill.x + 4, row.pill.y + 4, at: 1), now: 1, effects: [
            .openPlayback(rooms[2], delayLimit: nil), .setAudio("room-2", muted: false, volume: 1),
            .log(.info, "opened room-2"), .resetMainVideo,
            .setVideo("room-2", source: 0, video(960, 600)),
        ]) {
            _ = $0.fields.send(.focusControl("main/room"))
            $0.session.openRoom = rooms[2]
            $0.session.playback["room-2"] = .connecting
            $0.session.mainWindow.content = .room("room-2")
            $0.rooms["room-2"] = justOpened(rooms[2], at: 1)
            $0.main.controlsUntil = 4
        }
        assertStep(&state, pressed(row.pill.x + 4, row.pill.y + 4, at: 1.5), now: 1.5, effects: []) {
            $0.main.controlsUntil = 4.5
            _ = $0.fields.send(.blur)
        }
        assertStep(&state, released(row.pill.x + 4, row.pill.y + 4, at: 1.5), now: 1.5, effects: [])
        XCTAssertEqual(state.session.mainWindow.content, .room("room-2"), "a click on the row's left end opens it")
    }
}
