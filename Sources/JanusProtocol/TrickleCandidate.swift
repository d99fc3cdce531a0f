/// One ICE candidate a peer trickles to Janus (or Janus to the peer), or the end of them.
public enum TrickleCandidate: Hashable, Sendable {
    /// A candidate line for the media section `sdpMid` (index `sdpMLineIndex`).
    case candidate(sdpMid: String, sdpMLineIndex: Int, candidate: String)
    /// No more candidates will come.
    case completed
}
