/// What a stashed float shows: a strip ``StashRule/visibleWidth`` wide, fully on screen at the
/// stash edge, cut from the float's edge that faces the screen.
///
/// The window itself becomes the strip (so no window manager can keep more of it on screen);
/// the shell draws the video's edge slice ``visibleSlice`` of a float ``floatFrame`` large,
/// and a grip chevron pointing away from ``side``.
public struct StashStrip: Sendable, Equatable {
    /// The edge the float is stashed behind.
    public let side: StashSide
    /// The window frame: the strip, inside the usable area against the `side` edge.
    public let frame: Rect
    /// The whole float the strip belongs to, partly beyond the edge.
    public let floatFrame: Rect

    /// The strip of a float at `floatFrame` stashed behind the `side` edge of `usable`.
    public init(side: StashSide, floatFrame: Rect, usable: Rect) {
        let width = min(StashRule.visibleWidth, floatFrame.width)
        self.side = side
        self.floatFrame = floatFrame
        frame = Rect(
            x: side == .left ? usable.minX : usable.maxX - width, y: floatFrame.minY,
            width: width, height: floatFrame.height)
    }

    /// The part of the float (in its own pixels, origin at its top-left) the strip shows:
    /// its right edge when stashed left, its left edge when stashed right.
    public var visibleSlice: Rect {
        Rect(
            x: side == .left ? floatFrame.width - frame.width : 0, y: 0, width: frame.width, height: frame.height)
    }
}
