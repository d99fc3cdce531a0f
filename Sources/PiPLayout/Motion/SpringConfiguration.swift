/// The stiffness of a critically damped spring (damping ratio 1, unit mass), named by its job.
///
/// Critical damping never overshoots; the stiffness sets how fast the float closes in.
/// At 1200 a move across a whole 3840x2160 area lands (within 0.5 px and slow) in about
/// 336 ms; the 700 of phone PiP would take about 440 ms for a move that long.
public struct SpringConfiguration: Sendable, Equatable, Hashable {
    /// Stiffness in 1/s² (force per pixel of displacement, unit mass).
    public let stiffness: Double

    /// Creates a configuration; a non-positive or non-finite stiffness becomes ``snap``'s.
    public init(stiffness: Double) {
        self.stiffness = stiffness.isFinite && stiffness > 0 ? stiffness : 1_200
    }

    /// The natural angular frequency ω = √stiffness, in 1/s.
    public var angularFrequency: Double { stiffness.squareRoot() }

    /// Settling at a corner after a drag is released.
    public static let snap = SpringConfiguration(stiffness: 1_200)
    /// Sliding behind a display edge.
    public static let stash = SpringConfiguration(stiffness: 1_200)
    /// Coming back from a stash to a corner after a click on the strip.
    public static let unstash = SpringConfiguration(stiffness: 1_200)
    /// Moving to another corner by arrow key, or re-settling after a resize.
    public static let resettle = SpringConfiguration(stiffness: 1_200)
}
