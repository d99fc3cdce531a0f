import EngineTerms
import Rooms
/// Why a PiP request is not allowed right now (M2).
public enum PiPRefusal: Hashable, Sendable {
    /// No room is open to float.
    case noRoomOpen
    /// The open room is hosted by the local user.
    case hosting
    /// The open room is not connecting or playing.
    case notPlaying(PlaybackStatus)

    /// A short name for logs and measurements: `noRoomOpen`, `hosting` or `notPlaying`.
    public var code: String {
        switch self {
        case .noRoomOpen: "noRoomOpen"
        case .hosting: "hosting"
        case .notPlaying: "notPlaying"
        }
    }
}

/// Where a PiP request came from (P1).
public enum PiPOrigin: Hashable, Sendable {
    /// The PiP control in the view.
    case control
    /// The `P` key.
    case key
    /// `--float` at start.
    case commandLine
}

/// Whether PiP may be used at all (M1), globally or for one room.
public enum PiPAvailability: Hashable, Sendable {
    case enabled
    case disabled
}

/// What a PiP availability change applies to.
public enum PiPScope: Hashable, Sendable {
    /// Every room (`--no-pip`).
    case global
    /// One room (its `pip` field).
    case room(RoomID)
}
