import PiPLayout

/// The desktop's preferences, read at start and followed as they change (X8).
extension AppState {
    /// New preferences: kept, logged, and both windows painted again (the palette may change);
    /// a float on its way to a corner lands there at once when motion is now reduced.
    mutating func preferencesRead(_ new: DesktopPreferences, now: Double) -> [AppEffect] {
        guard new != environment.preferences else { return [] }
        environment.preferences = new
        _ = paint.send(.changed(.main))
        _ = paint.send(.changed(.float))
        let landed = new.reducedMotion && motion?.isAnimating == true ? sendMotion(.frameTicked(now: now), now: now) : []
        return [.log(.info, "desktop preferences: \(new)")] + landed
    }
}
