/// How a call's full view arranges participant tiles (W4).
public enum CallLayout: String, Hashable, Sendable, CaseIterable {
    /// Every participant in a grid.
    case tile
    /// The active speaker large, alone.
    case spotlight
    /// The active speaker large, the others in a strip.
    case sidebar
}

/// Whether a panel, such as a call's participant list, is on screen.
public enum PanelVisibility: Hashable, Sendable {
    case visible
    case hidden

    /// The other visibility.
    public var toggled: PanelVisibility { self == .visible ? .hidden : .visible }
}
