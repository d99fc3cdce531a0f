/// Why a WebRTC peer could not start or went on no further.
public enum WebRTCError: Error, Equatable, Sendable {
    /// A GStreamer element the peer needs is not installed (its name; the package is in scripts/deps.sh).
    case missingElement(String)
    /// The remote side's SDP was not SDP, or webrtcbin could not apply or answer it.
    case refusedDescription(String)
    /// webrtcbin made no offer or answer.
    case noDescription
    /// ICE found no candidate of its own in time (no usable network address).
    case gatheringTimedOut
    /// ICE and DTLS did not connect within the connect timeout after the remote description
    /// (an address that does not answer, a firewall): the peer is given up, not left waiting.
    case connectTimedOut(seconds: Double)
    /// webrtcbin gave the connection up: ICE found no working path, or DTLS failed.
    case connectionFailed
    /// A running pipeline reported an error (GStreamer's message).
    case pipelineFailed(String)
}
