import EngineTerms
import Rooms

/// A host room's real broadcast (W6, W9): which room is live and its publisher's last figures.
public struct BroadcastState: Equatable, Sendable {
    /// The host room that broadcasts.
    public var room: RoomID
    /// The figures last polled from the publisher.
    public var report: BroadcastReport

    /// Creates the state of a broadcast that has just been asked to start.
    public init(room: RoomID, report: BroadcastReport = BroadcastReport()) {
        self.room = room
        self.report = report
    }
}
