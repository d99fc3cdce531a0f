import LiveDirectory
import Rooms

/// Why a playlist gave no rooms this time (R7), as data: the words are in `AppCore/Words`.
public enum PlaylistLoadFailure: Error, Hashable, Sendable {
    /// The file could not be read.
    case file(RoomsLoadError)
    /// The download failed.
    case download(HTTPFetchError)
    /// The bytes are no list FloatApp can read.
    case playlist(PlaylistError)
}
