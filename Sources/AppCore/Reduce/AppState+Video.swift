import EngineTerms
import Rooms
import Session

extension AppState {
    /// What the open room's sources need of their video (D3): in the float, the participant
    /// shown and the one about to be at the float's size, everyone else hidden; in the main view,
    /// a live room's stage in full, a call's spotlight or sidebar speaker in full, the other
    /// tiles of the grid or the strip as thumbnails at their size, and the participants the layout
    /// leaves out (spotlight) or that lie outside the stage hidden. A paused room, and a room no
    /// window shows (main window minimized, no float), hide them all: their sound plays on.
    func wantedVideo(now: Double) -> (RoomID, [VideoDemand])? {
        if let id = session.openRoomID, let room = rooms[id], room.paused {
            return (id, Array(repeating: .hidden, count: room.sources.count))
        }
        if float.visible, let id = session.floatingRoomID, let room = rooms[id] {
            let isCall = self.room(id)?.kind == .call
            // A stashed float's strip shows the edge slice of the whole float's picture (P8).
            let whole = motion?.stashStrip.map { PixelRect($0.floatFrame) }
            let on = VideoDemand.full(width: whole?.w ?? float.width, height: whole?.h ?? float.height)
            return (id, room.sources.indices.map { !isCall || floatSources.contains($0) ? on : .hidden })
        }
        guard let id = mainShowsVideo, let room = rooms[id], let layout = roomLayout(now: now) else {
            // A room that floats or is about to (`--float` at start) keeps its demand until its
            // float shows: hiding it meanwhile would start it on a still picture.
            guard session.mainWindow.presence != .shown, session.floatingRoomID == nil,
                  let id = session.openRoomID, let room = rooms[id] else { return nil }
            return (id, Array(repeating: .hidden, count: room.sources.count))
        }
        guard layout.isCall else {
            return (id, [.full(width: layout.stage.w, height: layout.stage.h)])
        }
        return (id, callDemands(layout, count: room.sources.count))
    }

    /// A call's demands in the main view: the speaker's large tile in full, the other tiles as
    /// thumbnails, and participants without a tile on the stage hidden.
    private func callDemands(_ layout: RoomViewModel, count: Int) -> [VideoDemand] {
        let inset = environment.metrics.px(2)
        let several = layout.tiles.count > 1
        let largest = layout.tiles.map { $0.rect.w * $0.rect.h }.max() ?? 0
        var wanted = Array(repeating: VideoDemand.hidden, count: count)
        for tile in layout.tiles where wanted.indices.contains(tile.index) {
            let rect = tile.rect.inset(inset)
            let onStage = rect.w > 0 && rect.h > 0 && rect.x < layout.stage.x + layout.stage.w
                && rect.x + rect.w > layout.stage.x && rect.y < layout.stage.y + layout.stage.h
                && rect.y + rect.h > layout.stage.y
            guard onStage else { continue }
            let main = !several || (session.callLayout != .tile && tile.rect.w * tile.rect.h == largest)
            wanted[tile.index] = main ? .full(width: rect.w, height: rect.h) : .thumbnail(width: rect.w, height: rect.h)
        }
        return wanted
    }

    /// The demand changes the room on screen needs since they were last set.
    mutating func videoEffects(now: Double) -> [AppEffect] {
        guard let (id, wanted) = wantedVideo(now: now), var room = rooms[id] else { return [] }
        var effects: [AppEffect] = []
        for (i, demand) in wanted.enumerated() where room.video[i] != demand {
            room.video[i] = demand
            effects.append(.setVideo(id, source: i, demand))
        }
        rooms[id] = room
        return effects
    }
}
