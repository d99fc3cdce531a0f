/// Where a peer's connection is, from webrtcbin's connection state.
public enum PeerState: Equatable, Sendable {
    /// ICE and DTLS are still being set up (or not started yet).
    case connecting
    /// Media can flow.
    case connected
    /// The connection was up and is lost for now (ICE may get it back).
    case disconnected
    /// ICE or DTLS failed, or the pipeline reported an error: the peer must be made anew.
    case failed
    /// The peer was stopped.
    case closed

    /// The state for webrtcbin's GstWebRTCPeerConnectionState value.
    init(peerConnectionState value: Int32) {
        switch value {
        case 2: self = .connected
        case 3: self = .disconnected
        case 4: self = .failed
        case 5: self = .closed
        default: self = .connecting
        }
    }
}
