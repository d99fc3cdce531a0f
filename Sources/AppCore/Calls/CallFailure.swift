import Localization

/// Why the joined call's media connection gave up (R8), as the shell reports it: the call view
/// says so under the room's title until the call is joined again or left.
public enum CallFailure: Equatable, Sendable {
    /// ICE and DTLS did not connect within `seconds` of the server's answer (no route to the
    /// server's candidates, a firewall).
    case mediaTimedOut(seconds: Int)
    /// ICE found no working path, DTLS failed, or the media pipeline stopped with an error.
    case mediaFailed

    /// The words the call view shows.
    public var words: String {
        switch self {
        case .mediaTimedOut(let seconds):
            // TRANSLATORS: a call whose WebRTC (ICE) connection to the server never came up, after %d seconds.
            return trn("No media connection to the call after %d s (ICE): leave and join again to retry",
                       "No media connection to the call after %d s (ICE): leave and join again to retry", seconds, seconds)
        case .mediaFailed:
            // TRANSLATORS: a call whose WebRTC (ICE or DTLS) connection to the server failed.
            return tr("The call's media connection failed (ICE or DTLS): leave and join again to retry")
        }
    }
}
