import Localization
import Session

extension SessionNotice {
    /// The toast's sentence.
    public var words: String {
        switch self {
        case .stillHosting: tr("Live streaming in progress. Stop hosting first.")
        case .refused(let refusal): refusal.words
        case .ended(let title): tr("“%s” has ended.", title)
        case .removedFromRoomsFile(let title): tr("“%s” was removed from the rooms file.", title)
        case .newSource(let title): tr("“%s” has a new source in the rooms file.", title)
        }
    }
}
