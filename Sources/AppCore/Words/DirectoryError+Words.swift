import Localization
import LiveDirectory

extension DirectoryError {
    /// Why a server's section has no fresh streams, as its header says it (W8).
    public var words: String {
        switch self {
        case .unreachable(let why): why.words
        case .badStats(let why): tr("bad statistics page: %s", why.words)
        case .badJanusAnswer(let why): why.words
        }
    }
}
