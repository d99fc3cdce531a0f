/// What the stats log last said the windows showed, so that a line is written only when what
/// a window paints changes, not at every paint.
public struct LoggedViews: Equatable, Sendable {
    /// The list's count and status pills as last painted and logged (`list_shown`).
    public var list: StatsEvent?
    /// The call float's speaker as last painted and logged (`float_speaker`).
    public var floatSpeaker: StatsEvent?

    /// Creates the state at start: nothing logged yet.
    public init() {}
}
