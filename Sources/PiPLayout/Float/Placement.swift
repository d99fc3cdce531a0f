/// The remembered resting place and size of the float, kept in the state file between runs.
///
/// Its JSON form is one flat object with snake_case keys, for example
/// `{"corner":"bottom_right","width_fraction":0.25}` or
/// `{"stash_side":"left","stash_height_fraction":0.4,"width_fraction":0.3}`.
public struct Placement: Sendable, Equatable, Hashable {
    /// Where the float rests.
    public var anchor: Anchor
    /// The float's width as a fraction of the usable width of its display.
    public var widthFraction: Double

    /// Creates a placement.
    public init(anchor: Anchor, widthFraction: Double) {
        self.anchor = anchor
        self.widthFraction = widthFraction
    }

    /// The first-time placement: bottom-right corner, default width.
    public static let initial = Placement(anchor: .corner(.bottomRight), widthFraction: FloatSizing.defaultWidthFraction)
}

extension Placement {
    /// The window frame for this placement on `display` with a video of `aspect`.
    public func frame(on display: Display, aspect: Double) -> Rect {
        let usable = display.usable.size
        let size = FloatSizing.size(widthFraction: widthFraction, aspect: aspect, usable: usable)
        return MovementArea(display: display, windowSize: size).frame(for: anchor)
    }
}
