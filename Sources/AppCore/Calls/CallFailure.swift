import JanusProtocol
import Localization

/// Why the joined call gave up (R8), as the shell reports it: its server did not take the user
/// in, or its media connection did not come up. The call view says so under the room's title
/// until the call is joined again or left.
public enum CallFailure: Equatable, Sendable {
    /// Janus did not take the user into VideoRoom `videoRoom`: the room does not exist, Janus
    /// or its VideoRoom refused the join or the publication, or did not answer (the shell has
    /// already ended the call's session).
    case joinFailed(videoRoom: UInt64, JanusError)
    /// ICE and DTLS did not connect within `seconds` of the server's answer (no route to the
    /// server's candidates, a firewall).
    case mediaTimedOut(seconds: Int)
    /// ICE found no working path, DTLS failed, or the media pipeline stopped with an error.
    case mediaFailed

    /// The words the call view shows.
    public var words: String {
        switch self {
        case .joinFailed(let videoRoom, .videoRoom(let refusal)) where refusal.code == VideoRoomError.noSuchRoom:
            // TRANSLATORS: joining a call whose VideoRoom (a room number) the Janus server does not have.
            return tr("The call's server has no VideoRoom %s: leave, and check the room's \"videoroom\" in the rooms file",
                      String(videoRoom))
        case .joinFailed(_, let error):
            // TRANSLATORS: Janus refused to take the user into a call, or did not answer; %s says why.
            return tr("Could not join the call: %s. Leave and join again to retry", error.words)
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
