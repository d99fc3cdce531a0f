import Localization
import Session

extension PiPRefusal {
    /// The reason as shown in the toast.
    public var words: String {
        switch self {
        case .noRoomOpen: tr("Open a room to use picture-in-picture.")
        case .hosting: tr("A room you host cannot float.")
        case .notPlaying: tr("Picture-in-picture needs the room to be connecting or playing.")
        }
    }
}
