/// A JSON scalar in a stats line: the core's stats events give their fields in it and the
/// stats log writes it.
public enum StatsValue: Equatable, Sendable {
    case text(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
}
