/// A style's line box in its primary font: where painters put a line's top so that lines in
/// one style share a baseline whatever fallback fonts their characters need.
public struct LineBox: Hashable, Sendable {
    /// The line's height in pixels.
    public let height: Int
    /// The baseline's distance from the top, in pixels.
    public let baseline: Int
}
