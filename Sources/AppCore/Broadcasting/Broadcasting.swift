import EngineTerms
import Logging
import Rooms

/// A host room's real broadcast (W6, W9), a child reducer of ``AppState``: going live, the
/// publisher's figures, Stop, and the end of the broadcast with its room. The root routes
/// ``Action``s to it and maps its ``Effect``s in one place (`AppState.sendBroadcasting(_:)`);
/// which room may go live, and its own playback, stay the root's.
public struct Broadcasting: Equatable, Sendable {
    /// The broadcast that runs, if any.
    public var live: BroadcastState?

    /// Creates the state at start: nothing live.
    public init() {}

    /// What the broadcast is asked to do.
    public enum Action: Equatable, Sendable {
        /// Capture `source` and publish it as `destination` says.
        case goLive(RoomID, source: String, destination: Broadcast)
        /// The host's Stop.
        case stop(RoomID)
        /// The room closed: a broadcast of it ends with it (W6).
        case roomClosed(RoomID)
        /// The publisher's figures as polled now.
        case polled(RoomID, BroadcastReport)
    }

    /// What the root carries out for the broadcast.
    public enum Effect: Equatable, Sendable {
        /// Start capturing and publishing.
        case start(RoomID, source: String, broadcast: Broadcast)
        /// End the broadcast cleanly.
        case stop(RoomID)
        /// A log line.
        case log(LogLevel, String)
    }

    /// Applies an action and returns the effects for the root to map, in order.
    public mutating func send(_ action: Action) -> [Effect] {
        switch action {
        case .goLive(let id, let source, let destination):
            live = BroadcastState(room: id)
            return [.start(id, source: source, broadcast: destination),
                    .log(.info, "\(id) goes live to \(destination.publishURL)")]
        case .stop(let id):
            guard live?.room == id else { return [] }
            live = nil
            return [.stop(id), .log(.info, "\(id) stopped broadcasting")]
        case .roomClosed(let id):
            guard live?.room == id else { return [] }
            live = nil
            return [.stop(id)]
        case .polled(let id, let report):
            guard var state = live, state.room == id, state.report != report else { return [] }
            let before = state.report.phase
            state.report = report
            live = state
            guard before.label != report.phase.label else { return [] }
            return [.log(.info, "\(id) broadcast: \(report.line)")]
        }
    }
}
