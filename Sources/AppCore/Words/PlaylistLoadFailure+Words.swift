import Localization
import Rooms

extension PlaylistLoadFailure {
    /// One line per problem, the first saying most (R7).
    public var words: [String] {
        switch self {
        case .file(let error): error.messages
        case .download(let error): [tr("cannot be downloaded: %s", error.words)]
        case .playlist(let error): error.words
        }
    }
}
