import Localization
import Rooms

extension PlaylistLoadFailure {
    /// One line per problem, the first saying most (R7).
    public var words: [String] {
        switch self {
        case .file(.tooLarge(let path, let limit)):
            [tr("%1$s: larger than %2$d MiB, the most FloatApp reads of a list of rooms; not reading it", path, limit.mebibytes)]
        case .file(let error): error.messages
        case .download(let error): [tr("cannot be downloaded: %s", error.words)]
        case .playlist(let error): error.words
        }
    }
}
