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
        /// A drag went on long or far enough: fade the dismiss target in here.
        case dismissTargetShown(DismissTarget)
        /// The dismiss target moved to another display or started or stopped pulling the float.
        case dismissTargetChanged(DismissTarget)
        /// The drag ended: fade the dismiss target out.
        case dismissTargetHidden
        /// The float was released on the dismiss target: release it as the close button does (P10).
        case dismissed
    }
}
