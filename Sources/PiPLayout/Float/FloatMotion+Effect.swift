extension FloatMotion {
    /// Work for the shell after an action.
    public enum Effect: Sendable, Equatable {
        /// Move and size the window to this frame.
        case setFrame(Rect)
        /// A click without a drag on a float that is not stashed: restore the full view.
        case tapped
        /// The float is headed to this target (for the stats log).
        case snapTargetChosen(SnapTarget)
        /// The placement changed: persist it.
        case placementChanged(Placement)
        /// The window became the stash strip (draw its slice and grip), or the float again (`nil`).
        case stashStripChanged(StashStrip?)
    }
}
