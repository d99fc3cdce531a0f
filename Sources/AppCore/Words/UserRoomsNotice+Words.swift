import EngineTerms
import Localization
import Rooms

extension UserRoomsNotice {
    /// The toast's sentence.
    public var words: String {
        switch self {
        case .runsFromOtherFile: tr("Not saved: FloatApp runs with --rooms, whose file it does not change")
        case .fileBroken(let error):
            tr("Not saved: your rooms file does not load (%s); fix it first", error.messages.first ?? "")
        case .saveFailed(let error): tr("Not saved: %s", error.words)
        case .notDeletable(let title): tr("“%s” is not in your rooms file; only its rooms can be deleted", title)
        }
    }
}

extension RoomsSaveError {
    /// Why the rooms file was not changed, as a clause.
    public var words: String {
        switch self {
        case .read(let error): error.messages.first ?? ""
        case .edit(.fileInvalid(let error)):
            tr("the rooms file does not load, so it is left as it is: %s", error.messages.first ?? "")
        case .edit(.resultInvalid(let error)):
            tr("the change would leave a rooms file that does not load: %s", error.messages.first ?? "")
        case .edit(.noSuchRoom(let id)): tr("the rooms file has no room “%s” now", id)
        case .write(let error): error.words
        }
    }
}
