/// Converts the X server's event times (32-bit milliseconds that wrap every 49.7 days) into the
/// app's clock (seconds), so pointer samples carry the time the server saw the motion, not the
/// time the app got around to reading it: on a busy machine events arrive in bursts.
///
/// One offset maps server time to app time. It is the smallest gap between an event's arrival
/// and its server time seen at a gesture's start (the least delayed event is the best guess of
/// the clocks' difference); within a gesture it stays fixed, so all its samples share it.
public struct ServerEventClock: Sendable, Equatable {
    /// Server time unwrapped into 64 bits, in milliseconds.
    private var unwrapped: Int64?
    /// The last raw server time seen.
    private var lastRaw: UInt32 = 0
    /// App time minus server time, in seconds.
    public private(set) var offset: Double?

    /// Creates a clock that has seen no event.
    public init() {}

    /// The app time of an event the server stamped `server` ms, arriving at app time `now` (s).
    /// With `startsGesture` (a button press) the offset may move to a smaller delay.
    public mutating func seconds(server: UInt32, arrivedAt now: Double, startsGesture: Bool) -> Double {
        let ms = unwrap(server)
        let gap = now - Double(ms) / 1000
        let used = offset.map { startsGesture ? min($0, gap) : $0 } ?? gap
        offset = used
        return Double(ms) / 1000 + used
    }

    /// Extends the 32-bit time across wraps; a time slightly older than the last stays older.
    private mutating func unwrap(_ raw: UInt32) -> Int64 {
        defer { lastRaw = raw }
        guard let previous = unwrapped else {
            unwrapped = Int64(raw)
            return Int64(raw)
        }
        let step = Int64(Int32(bitPattern: raw &- lastRaw))
        unwrapped = previous + step
        return previous + step
    }
}
