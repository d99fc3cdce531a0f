import Localization

extension RoomViewModel {
    /// The view for a right-to-left language (X5), as GTK and Qt mirror a window: every
    /// rectangle reflected across the window's centre line, so the Back button, the badge and
    /// the title start at the right, Leave and the clock sit at the left, the participant panel
    /// and a sidebar's strip move to the left; the hotspots move with what they hit.
    func mirrored(within width: Int) -> RoomViewModel {
        func flip(_ r: PixelRect) -> PixelRect { r.mirrored(within: width) }
        var model = RoomViewModel(
            title: title, isCall: isCall, status: status, elapsed: elapsed, duration: duration, muted: muted, volume: volume,
            participants: participants.map { $0.mirrored(within: width) }, inFloat: inFloat,
            controlsVisible: controlsVisible, stage: flip(stage), panel: panel.map(flip),
            tiles: tiles.map { $0.mirrored(within: width) }, overlay: overlay?.mirrored(within: width),
            buttons: buttons.map { $0.mirrored(within: width) },
            volumeTrack: volumeTrack.map(flip), volumeSlider: volumeSlider.map(flip),
            badge: badge?.mirrored(within: width), titleBox: flip(titleBox), clockBox: flip(clockBox),
            layoutLabel: layoutLabel?.mirrored(within: width),
            controls: controls.map { Hotspot(rect: flip($0.rect), target: $0.target) },
            topHeight: topHeight, barHeight: barHeight, broadcastLine: broadcastLine,
            broadcastIsLive: broadcastIsLive, broadcastBox: flip(broadcastBox), direction: .rightToLeft)
        model.selfView = selfView.map { view in
            RoomViewModel.SelfView(rect: flip(view.rect), name: view.name.mirrored(within: width), tag: flip(view.tag),
                                   cameraOff: view.cameraOff, mutedMarker: view.mutedMarker.map(flip))
        }
        return model
    }
}

extension RoomViewModel.Tile {
    func mirrored(within width: Int) -> RoomViewModel.Tile {
        RoomViewModel.Tile(index: index, rect: rect.mirrored(within: width), status: status,
                           overlay: overlay?.mirrored(within: width), tag: tag.mirrored(within: width),
                           name: name.mirrored(within: width), mutedMarker: mutedMarker?.mirrored(within: width),
                           cameraOffName: cameraOffName?.mirrored(within: width))
    }
}

extension ParticipantModel {
    func mirrored(within width: Int) -> ParticipantModel {
        ParticipantModel(name: name, level: level, isSpeaking: isSpeaking, status: status,
                         row: row?.mirrored(within: width))
    }
}

extension RoomButton {
    func mirrored(within width: Int) -> RoomButton {
        RoomButton(control: control, glyph: glyph, rect: rect.mirrored(within: width), active: active, alert: alert)
    }
}

extension TextBox {
    func mirrored(within width: Int) -> TextBox {
        TextBox(text, rect.mirrored(within: width))
    }
}

extension StatusOverlayModel {
    func mirrored(within width: Int) -> StatusOverlayModel {
        StatusOverlayModel(
            area: area.mirrored(within: width), dims: dims,
            spinner: spinner.map { Spinner(x: width - $0.x, y: $0.y, radius: $0.radius, tone: $0.tone) },
            captions: captions.map { Caption(text: $0.text, rect: $0.rect.mirrored(within: width), style: $0.style, tone: $0.tone) },
            retry: retry?.mirrored(within: width), retryLabel: retryLabel)
    }
}
