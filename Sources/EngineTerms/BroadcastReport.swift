/// A broadcast's figures: what the publisher reports, and what the host's view shows (W9, D4).
public struct BroadcastReport: Equatable, Sendable {
    /// What the publisher does.
    public enum Phase: Equatable, Sendable {
        /// Opening the capture and connecting to the server for the first time.
        case connecting
        /// The server takes the stream.
        case live
        /// The server refused or dropped the stream; try `attempt` starts in `nextTryIn` seconds (D4).
        case reconnecting(attempt: Int, nextTryIn: Double)
        /// The broadcast gave up, for this reason.
        case failed(BroadcastFailure)
        /// The publisher was stopped.
        case stopped

        /// True for the phases a publisher never leaves.
        public var isFinal: Bool {
            switch self {
            case .failed, .stopped: true
            case .connecting, .live, .reconnecting: false
            }
        }

        /// The phase's name in the stats log: `reconnecting(2)` counts tries, not seconds.
        public var label: String {
            switch self {
            case .connecting: "connecting"
            case .live: "live"
            case .reconnecting(let attempt, _): "reconnecting(\(attempt))"
            case .failed: "failed"
            case .stopped: "stopped"
            }
        }
    }

    /// What the publisher does.
    public var phase: Phase
    /// Seconds the current connection has been live (0 when not live).
    public var liveSeconds: Double
    /// Bits per second sent over the last two seconds.
    public var bitsPerSecond: Double
    /// Captured pictures dropped because encoding or sending fell behind.
    public var droppedFrames: Int
    /// Pictures encoded and sent.
    public var sentFrames: Int
    /// Times the server took the stream (1 plus successful reconnections).
    public var connections: Int

    /// Creates a report; by default the one of a broadcast that is connecting.
    public init(phase: Phase = .connecting, liveSeconds: Double = 0, bitsPerSecond: Double = 0, droppedFrames: Int = 0,
                sentFrames: Int = 0, connections: Int = 0) {
        self.phase = phase
        self.liveSeconds = liveSeconds
        self.bitsPerSecond = bitsPerSecond
        self.droppedFrames = droppedFrames
        self.sentFrames = sentFrames
        self.connections = connections
    }
}
