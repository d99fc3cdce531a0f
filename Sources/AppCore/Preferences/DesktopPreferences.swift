/// The desktop's accessibility preferences FloatApp follows live (X8): reduced motion (the
/// float lands in its corner without the spring, the dismiss target shows and hides without
/// fading) and high contrast (the high-contrast palette). Both off where the desktop says nothing.
public struct DesktopPreferences: Equatable, Sendable, CustomStringConvertible {
    /// The desktop asks for less motion (GNOME's `enable-animations` off, or the portal's
    /// `reduced-motion`).
    public var reducedMotion: Bool
    /// The desktop asks for high contrast (the portal's `contrast` 1, or GNOME's `high-contrast`).
    public var highContrast: Bool

    /// Creates preferences; the default is what a desktop without these settings means.
    public init(reducedMotion: Bool = false, highContrast: Bool = false) {
        self.reducedMotion = reducedMotion
        self.highContrast = highContrast
    }

    public var description: String {
        "motion \(reducedMotion ? "reduced" : "full"), contrast \(highContrast ? "high" : "normal")"
    }
}
