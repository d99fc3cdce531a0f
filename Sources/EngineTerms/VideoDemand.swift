/// How much of a source's video the screen needs, decided by the layout: the shell passes it
/// from the app's core to the source's player.
public enum VideoDemand: Hashable, Sendable {
    /// The view's main picture (a live room's stage, the float, the spotlight): every frame,
    /// converted to fit `width`x`height` pixels.
    case full(width: Int, height: Int)
    /// One of several small pictures (a tile of the grid, the sidebar's strip): every frame,
    /// converted to cover `width`x`height` pixels (the tile crops what lies beyond, and draws
    /// the picture as converted, unscaled), on one decoding thread.
    case thumbnail(width: Int, height: Int)
    /// Not on screen (audio only): nothing is decoded; the newest key frame is held and decoded
    /// the moment the source is shown again, a still picture at most a key frame interval old
    /// until its live video is back.
    case hidden

    /// The box pictures are converted to fit (or, for a thumbnail, to cover), nil when hidden.
    public var size: (width: Int, height: Int)? {
        switch self {
        case .full(let width, let height), .thumbnail(let width, let height): (width, height)
        case .hidden: nil
        }
    }

    /// True unless hidden.
    public var isShown: Bool { self != .hidden }

    /// True for a thumbnail: its pictures cover the box rather than fit it.
    public var covers: Bool {
        if case .thumbnail = self { return true }
        return false
    }

    /// The name the stats log uses: `full`, `thumbnail` or `hidden`.
    public var name: String {
        switch self {
        case .full: "full"
        case .thumbnail: "thumbnail"
        case .hidden: "hidden"
        }
    }
}
