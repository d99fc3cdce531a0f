import Dispatch

/// How long a fuzz run's parses took: each case is timed, a slow one twice more with its
/// quickest run kept (on a shared machine a single run can be preempted for tens of
/// milliseconds; a slow parser stays slow), and the total and the slowest case are kept.
struct ParseTimes {
    /// A case slower than this many seconds is timed again.
    let retimeAbove: Double
    private(set) var totalSeconds = 0.0
    /// The slowest case's time in seconds, and its label.
    private(set) var worstSeconds = 0.0
    private(set) var worstCase = ""

    init(retimeAbove: Double) {
        self.retimeAbove = retimeAbove
    }

    /// Runs `parse`, records its time under `label` and returns what it returned.
    mutating func time<Value>(_ label: @autoclosure () -> String, _ parse: () -> Value) -> Value {
        var (value, seconds) = Self.timed(parse)
        for _ in 0..<2 where seconds > retimeAbove { seconds = min(seconds, Self.timed(parse).1) }
        totalSeconds += seconds
        if seconds > worstSeconds {
            worstSeconds = seconds
            worstCase = label()
        }
        return value
    }

    private static func timed<Value>(_ parse: () -> Value) -> (Value, Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let value = parse()
        return (value, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
}
