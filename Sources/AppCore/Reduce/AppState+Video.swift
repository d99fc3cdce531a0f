import Rooms

/// How a source's pictures are converted: off, or on at a size in pixels.
public struct SourceVideo: Hashable, Sendable {
    /// Whether pictures are converted at all (audio and the clock go on either way).
    public var enabled: Bool
    /// The box frames are converted to fit, when enabled.
    public var width: Int
    public var height: Int

    /// Conversion off.
    public static let off = SourceVideo(enabled: false, width: 0, height: 0)

    /// Creates a conversion setting.
    public init(enabled: Bool, width: Int, height: Int) {
        self.enabled = enabled
        self.width = width
        self.height = height
    }
}

extension AppState {
    /// What each source of the room on screen should convert: for the float, the participant
    /// shown and the one about to be at the float's size (D3); for the main view, the
    /// participants of the current layout at their tiles' size (a live room at the stage's).
    /// A paused room converts nothing: its sources decode on and drop their pictures.
    func wantedVideo(now: Double) -> (RoomID, [SourceVideo])? {
        if let id = session.openRoomID, let room = rooms[id], room.paused {
            return (id, Array(repeating: .off, count: room.sources.count))
        }
        if float.visible, let id = session.floatingRoomID, let room = rooms[id] {
            let isCall = session.room(id)?.kind == .call
            // A stashed float's strip shows the edge slice of the whole float's picture (P8).
            let whole = motion?.stashStrip.map { PixelRect($0.floatFrame) }
            let on = SourceVideo(enabled: true, width: whole?.w ?? float.width, height: whole?.h ?? float.height)
            return (id, room.sources.indices.map { !isCall || floatSources.contains($0) ? on : .off })
        }
        guard let id = mainShowsVideo, let room = rooms[id], let layout = roomLayout(now: now) else { return nil }
        guard layout.isCall else {
            return (id, [SourceVideo(enabled: true, width: layout.stage.w, height: layout.stage.h)])
        }
        let inset = environment.metrics.px(2)
        var wanted = Array(repeating: SourceVideo.off, count: room.sources.count)
        for tile in layout.tiles where wanted.indices.contains(tile.index) {
            let rect = tile.rect.inset(inset)
            wanted[tile.index] = SourceVideo(enabled: true, width: max(0, rect.w), height: max(0, rect.h))
        }
        return (id, wanted)
    }

    /// The conversion changes the room on screen needs since they were last set.
    mutating func videoEffects(now: Double) -> [AppEffect] {
        guard let (id, wanted) = wantedVideo(now: now), var room = rooms[id] else { return [] }
        var effects: [AppEffect] = []
        for (i, video) in wanted.enumerated() where room.video[i] != video {
            room.video[i] = video
            effects.append(.setVideo(id, source: i, video))
        }
        rooms[id] = room
        return effects
    }
}
