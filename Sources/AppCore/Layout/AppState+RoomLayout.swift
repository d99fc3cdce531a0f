import EngineTerms
import Localization
import Rooms
import Session

extension AppState {
    /// The title overlay's and control bar's heights in unscaled pixels.
    static let titleOverlayHeight = 56
    static let controlBarHeight = 64

    /// A status as drawn: a reconnect's wait counts down from when it began (W5); `since` is
    /// when that status began.
    func shownStatus(_ status: PlaybackStatus, since: Double, now: Double) -> PlaybackStatus {
        guard case .reconnecting(let attempt, let wait) = status else { return status }
        return .reconnecting(attempt: attempt, retryIn: max(0, wait - (now - since)))
    }

    /// Whether the main window shows a room's full view (``roomLayout(now:measure:)`` has one).
    var roomViewShown: Bool {
        guard case .room(let id) = session.mainWindow.content else { return false }
        return rooms[id] != nil && self.room(id) != nil
    }

    /// The open room's full view in the main window, laid out for its current size. Text is
    /// measured by `measure`; without it only the fixed labels are, which is all hit-testing needs.
    public func roomLayout(now: Double, measure: TextMeasure? = nil) -> RoomViewModel? {
        guard case .room(let id) = session.mainWindow.content, let open = rooms[id], let room = self.room(id) else {
            return nil
        }
        let m = environment.metrics
        let statusLayout = StatusLayout(metrics: m, measure: measure ?? m.width)
        let isCall = room.kind == .call
        let panelW = isCall && session.participantList == .visible ? m.px(240) : 0
        let stage = PixelRect(0, 0, main.width - panelW, main.height)
        let status = shownStatus(open.status, since: open.statusSince, now: now)
        let overlay = isCall ? nil : statusLayout.overlay(status, in: stage, compact: false, retry: true,
                                                          recording: open.recording != nil)
        let tiles = isCall ? tiles(room, open, stage: stage, now: now, statusLayout) : []
        var controls = overlay?.retry.map { [Hotspot(rect: $0, target: RoomControl.retry)] } ?? []
        controls += tiles.compactMap { t in t.overlay?.retry.map { Hotspot(rect: $0, target: .retrySource(t.index)) } }
        let visible = controlsVisible(now: now)
        let bar = visible ? controlBar(room, open, stage: stage) : ControlBar()
        controls += bar.buttons.map { Hotspot(rect: $0.rect, target: $0.control) }
        if let slider = bar.slider { controls.insert(Hotspot(rect: slider, target: .volume), at: controls.count - bar.afterSlider) }
        let badge = visible ? badge(room, isCall: isCall, recording: open.recording != nil) : nil
        let titleX = badge.map { $0.rect.x + $0.rect.w + m.px(10) } ?? m.px(ListLayout.padding)
        let pad = m.px(ListLayout.padding)
        let isLive = broadcast?.room == id && broadcast?.report.phase == .live
        let notice = calls.notice(id)
        let clockWidth = open.recording == nil ? 96 : 150
        var model = RoomViewModel(
            title: room.title, isCall: isCall, status: status,
            elapsed: open.recording?.position ?? now - open.openedAt, duration: open.recording?.duration,
            muted: open.muted, volume: open.volume,
            participants: participants(room, open, panelX: panelW > 0 ? main.width - panelW : nil, panelW: panelW), inFloat: session.floatingRoomID == id && float.visible,
            controlsVisible: visible, stage: stage,
            panel: panelW > 0 ? PixelRect(main.width - panelW, 0, panelW, main.height) : nil,
            tiles: tiles, overlay: overlay, buttons: bar.buttons,
            volumeTrack: bar.track, volumeSlider: bar.slider, badge: badge,
            titleBox: PixelRect(titleX, m.px(15), max(0, stage.w - titleX - m.px(120)), m.px(26)),
            clockBox: PixelRect(stage.maxX - pad - m.px(clockWidth), m.px(19), m.px(clockWidth), m.px(20)),
            layoutLabel: bar.layoutLabel, controls: controls,
            topHeight: m.px(Self.titleOverlayHeight), barHeight: m.px(Self.controlBarHeight),
            broadcastLine: broadcast?.room == id ? broadcast?.report.line : notice, broadcastIsLive: isLive,
            broadcastBox: PixelRect(stage.x + pad, m.px(Self.titleOverlayHeight) + m.px(6), max(0, stage.w - 2 * pad), m.px(30)),
            direction: .leftToRight)
        model.selfView = selfView(id, stage: stage, statusLayout)
        return environment.direction == .rightToLeft ? model.mirrored(within: main.width) : model
    }

    /// The participants; with the panel at `panelX`, each one's row there (40 px rows from y = 100).
    private func participants(_ room: Room, _ open: OpenRoom, panelX: Int?, panelW: Int) -> [ParticipantModel] {
        guard case .call(let list) = room.media else { return [] }
        let m = environment.metrics
        return list.prefix(open.sources.count).enumerated().map { i, part in
            let row = panelX.map { PixelRect($0 + m.px(8), m.px(100) + i * (m.px(40) + m.px(4)), panelW - m.px(16), m.px(40)) }
            return ParticipantModel(name: part.name, level: open.levels[i], isSpeaking: session.activeSpeaker.current == i,
                                    status: open.sources[i], row: row)
        }
    }

    /// The participants' tiles, each with its status, Retry and name tag.
    private func tiles(_ room: Room, _ open: OpenRoom, stage: PixelRect, now: Double,
                       _ statusLayout: StatusLayout) -> [RoomViewModel.Tile] {
        guard case .call(let list) = room.media else { return [] }
        let m = environment.metrics
        // Tiles keep clear of the title overlay and the control bar, so no control covers a name tag.
        let top = m.px(Self.titleOverlayHeight), bottom = m.px(Self.controlBarHeight), side = m.px(12)
        let area = PixelRect(stage.x + side, stage.y + top, max(0, stage.w - 2 * side), max(0, stage.h - top - bottom))
        let nameStyle = TextStyle(size: 13, bold: true)
        let active = session.activeSpeaker.current ?? 0
        let placed = if let selfRect = selfViewRect(room.id, stage: stage) {
            CallTiles.layout(session.callLayout, count: open.sources.count, active: active, in: area, gap: m.px(8), clearOf: selfRect)
        } else {
            CallTiles.layout(session.callLayout, count: open.sources.count, active: active, in: area, gap: m.px(8))
        }
        return placed.map { i, rect in
                let status = shownStatus(open.sources[i], since: open.sourceSince[i], now: now)
                let name = i < list.count ? list[i].name : ""
                let remote = open.remote.indices.contains(i) ? open.remote[i] : nil
                let marker = remote?.microphoneMuted == true ? m.px(22) : 0
                let tag = PixelRect(rect.x + m.px(8), rect.y + rect.h - m.px(30),
                                    min(statusLayout.measure(name, nameStyle) + m.px(16) + marker, rect.w - m.px(16)), m.px(22))
                var tile = RoomViewModel.Tile(
                    index: i, rect: rect, status: status,
                    overlay: statusLayout.overlay(status, in: rect.inset(m.px(2)), compact: true, retry: true),
                    tag: tag, name: TextBox(name, PixelRect(tag.x + m.px(8) + marker, tag.y, tag.w - m.px(12) - marker, tag.h)))
                if marker > 0 { tile.mutedMarker = PixelRect(tag.x + m.px(4), tag.y + m.px(1), m.px(20), m.px(20)) }
                if remote?.cameraOff == true, status == .playing {
                    tile.cameraOffName = TextBox(name, PixelRect(rect.x + m.px(8), rect.y + rect.h / 2 - m.px(16), rect.w - m.px(16), m.px(32)))
                }
                return tile
            }
    }

    /// Where the joined call's self view goes: a small 16:9 picture in the stage's bottom
    /// trailing corner, above the control bar (W10); the tiles keep clear of it.
    private func selfViewRect(_ id: RoomID, stage: PixelRect) -> PixelRect? {
        guard let call, call.room == id else { return nil }
        let m = environment.metrics
        let width = max(m.px(96), min(m.px(240), stage.w / 5))
        let height = width * 9 / 16
        return PixelRect(stage.maxX - m.px(12) - width, stage.maxY - m.px(Self.controlBarHeight) - m.px(8) - height, width, height)
    }

    /// The joined call's self view (W10), with the user's name and mic-off marker on its tag.
    private func selfView(_ id: RoomID, stage: PixelRect, _ statusLayout: StatusLayout) -> RoomViewModel.SelfView? {
        guard let call, let rect = selfViewRect(id, stage: stage) else { return nil }
        let m = environment.metrics
        let sending = call.sendingState
        let name = call.identity.name
        let marker = sending.microphoneMuted ? m.px(20) : 0
        // A join Janus refused ended the capture: its last picture is no camera that is on.
        let captureEnded = if case .joinFailed? = call.failure { true } else { false }
        let tag = PixelRect(rect.x + m.px(4), rect.maxY - m.px(24),
                            min(statusLayout.measure(name, TextStyle(size: 11, bold: true)) + m.px(12) + marker, rect.w - m.px(8)), m.px(20))
        return RoomViewModel.SelfView(
            rect: rect, name: TextBox(name, PixelRect(tag.x + m.px(6) + marker, tag.y, tag.w - m.px(8) - marker, tag.h)), tag: tag,
            cameraOff: sending.cameraOff || captureEnded, mutedMarker: marker > 0 ? PixelRect(tag.x + m.px(2), tag.y + m.px(1), m.px(18), m.px(18)) : nil)
    }

    /// LIVE over a live room, ON AIR over a broadcast's; none over a call or a recording (D8).
    private func badge(_ room: Room, isCall: Bool, recording: Bool) -> TextBox? {
        guard !isCall || room.role == .host, room.role == .host || !recording else { return nil }
        let m = environment.metrics
        let label = room.role == .host ? UIMetrics.onAir : UIMetrics.live
        let bw = m.width(label, TextStyle(size: 11, bold: true)) + m.px(14)
        return TextBox(label, PixelRect(m.px(ListLayout.padding), m.px(16), bw, m.px(20)))
    }

    /// The control bar's buttons and slider, left to right, and Leave at the right.
    private struct ControlBar {
        var buttons: [RoomButton] = []
        var track: PixelRect?
        var slider: PixelRect?
        /// How many buttons follow the slider.
        var afterSlider = 0
        var layoutLabel: TextBox?
    }

    private func controlBar(_ room: Room, _ open: OpenRoom, stage: PixelRect) -> ControlBar {
        let m = environment.metrics
        let barH = m.px(Self.controlBarHeight), b = m.px(40)
        let by = main.height - barH + (barH - b) / 2
        var bx = m.px(ListLayout.padding)
        var bar = ControlBar()
        func button(_ glyph: Glyph, _ c: RoomControl, active: Bool = false, alert: Bool = false) {
            bar.buttons.append(RoomButton(control: c, glyph: glyph, rect: PixelRect(bx, by, b, b), active: active, alert: alert))
            bx += b + m.px(10)
        }
        if room.role == .host { button(.back, .back) }  // browse the list while the broadcast goes on
        if room.role == .host, room.broadcast != nil { button(.live, .goLive, active: broadcast?.room == room.id) }
        if session.pipAvailability(for: room) == .enabled && room.role != .host { button(.pip, .pip) }
        if let call, call.room == room.id {
            let sending = call.sendingState
            button(sending.microphoneMuted ? .micOff : .mic, .mute, alert: sending.microphoneMuted)
            button(sending.cameraOff ? .cameraOff : .camera, .camera, alert: sending.cameraOff)
        } else {
            button(open.muted ? .muted : .unmuted, .mute, alert: open.muted)
        }
        let sw = m.px(110)
        bar.track = PixelRect(bx, by + b / 2 - m.px(2), sw, m.px(4))
        bar.slider = PixelRect(bx - m.px(6), by, sw + m.px(12), b)
        let beforeSlider = bar.buttons.count
        bx += sw + m.px(18)
        if room.kind == .call {
            button(.layout, .layout(session.callLayout.next))
            let label = session.callLayout.title
            let width = m.width(label, TextStyle(size: 13))
            bar.layoutLabel = TextBox(label, PixelRect(bx - m.px(4), by, width, b))
            bx += width + m.px(12)
            button(.people, .participants, active: session.participantList == .visible)
        }
        if inviteLink(for: room) != nil { button(.link, .inviteLink) }
        bar.buttons.append(RoomButton(control: .leave, glyph: .leave, rect: PixelRect(stage.w - b - m.px(ListLayout.padding), by, b, b),
                                      active: false, alert: true))
        bar.afterSlider = bar.buttons.count - beforeSlider
        return bar
    }
}
