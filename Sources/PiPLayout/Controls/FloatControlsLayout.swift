/// Where a hovered float's controls sit (P5), for any float size down to the minimum: what
/// does not fit is hidden, least important first. Painting and hit-testing share it.
///
/// A live float shows restore and close at the top, mute and a volume slider at the bottom. A
/// call's float shows restore at the top; mute, the volume slider, the active speaker's name
/// and Leave at the bottom. A float too short for two rows puts everything in the bottom row.
public struct FloatControlsLayout: Equatable, Sendable {
    /// One control of the float.
    public enum Control: Equatable, Hashable, Sendable, CaseIterable {
        case restore, close, mute, volume, speakerName, leave
    }

    /// What the float plays.
    public enum Kind: Equatable, Sendable {
        case live, call
    }

    /// A control and its rectangle in float coordinates (origin at the float's top-left).
    public struct Placement: Equatable, Sendable {
        public let control: Control
        public let rect: Rect
    }

    /// The controls shown, with their rectangles.
    public let placements: [Placement]

    /// The controls of `kind`, most important first: the order in which they are kept.
    public static func priority(of kind: Kind) -> [Control] {
        switch kind {
        case .live: [.restore, .close, .mute, .volume]
        case .call: [.leave, .restore, .mute, .speakerName, .volume]
        }
    }

    /// The layout of a `kind` float of `size` pixels drawn at `scale` pixels per point.
    public init(kind: Kind, size: Size, scale: Double) {
        let metrics = Metrics(size: size, scale: max(scale, 0.1))
        var shown = Self.priority(of: kind)
        while !shown.isEmpty {
            if let placements = metrics.place(Set(shown), kind: kind) {
                self.placements = placements
                return
            }
            shown.removeLast()
        }
        placements = []
    }

    /// The rectangle of `control`, if it is shown.
    public func rect(of control: Control) -> Rect? {
        placements.first { $0.control == control }?.rect
    }

    /// The control under `point`, if any.
    public func control(at point: Point) -> Control? {
        placements.first { $0.rect.contains(point) }?.control
    }
}
