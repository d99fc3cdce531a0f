import CGStreamer
import FFmpeg
import LocksAndThreads

/// Receives what an SFU forwards to one participant: takes the SFU's offer (any number of
/// streams, one per remote camera or microphone), answers it, and decodes each stream as it
/// arrives, handing decoded pictures and sound to the callbacks with the stream's media id
/// (`mid`, which the SFU's stream list maps to a participant). webrtcbin's jitter buffer holds
/// ``latencyMilliseconds`` for reordering and retransmission (NACK).
///
/// Callbacks arrive on GStreamer's streaming threads, one per stream.
public final class WebRTCSubscriber: Sendable {
    /// The jitter buffer's target delay: room for a retransmission on a local network.
    public static let latencyMilliseconds = 60

    private let connection: PeerConnection
    private let streams: StreamDecoders

    /// Builds the receiving pipeline and starts it (no offer yet). `onPicture` gets each decoded
    /// picture, `onSound` each decoded block of interleaved stereo Float32 at 48 kHz. The
    /// connection fails with ``WebRTCError/connectTimedOut(seconds:)`` when it is not up
    /// `connectTimeout` seconds after the offer.
    public init(connectTimeout: Double = 8, onPicture: @escaping @Sendable (_ mid: String, VideoFrame) -> Void,
                onSound: @escaping @Sendable (_ mid: String, [Float]) -> Void) throws(WebRTCError) {
        connection = try PeerConnection(description:
            "webrtcbin name=webrtc bundle-policy=max-bundle latency=\(Self.latencyMilliseconds)", connectTimeout: connectTimeout)
        streams = StreamDecoders(pipeline: connection.pipeline, onPicture: onPicture, onSound: onSound)
        floatapp_gst_on_pad_added(connection.webrtc, { _, pad, context in
            guard let pad, let context else { return }
            Unmanaged<StreamDecoders>.fromOpaque(context).takeUnretainedValue().attach(pad)
        }, Unmanaged.passUnretained(streams).toOpaque())
        try connection.start()
    }

    deinit { connection.stop() }

    /// Applies the SFU's offer and returns the answer, its candidates inside (waits up to
    /// `timeout` s for them).
    public func answer(offer sdp: String, timeout: Double = 5) throws(WebRTCError) -> String {
        try connection.setRemote(sdp, type: GST_WEBRTC_SDP_TYPE_OFFER)
        return try connection.createLocal(offer: false, timeout: timeout)
    }

    /// Adds an ICE candidate the SFU trickled for media line `mline`.
    public func addRemoteCandidate(_ candidate: String, mline: Int) {
        connection.addCandidate(candidate, mline: UInt32(mline))
    }

    /// Seconds since stream `mid` last delivered a picture or sound (nil before its first): a
    /// participant whose network is gone stops here long before ICE or the SFU notice.
    public func secondsSinceMedia(_ mid: String) -> Double? { streams.secondsSinceMedia(mid) }

    /// Stream `mid`'s sound level: the root mean square of its decoded samples (0 to 1) over
    /// about the last 100 ms, nil before its first sound. The loudest participant is the active
    /// speaker.
    public func soundLevel(_ mid: String) -> Double? { streams.soundLevel(mid) }

    /// The connection's state.
    public var state: PeerState { connection.state }

    /// The pipeline's first error, if any (a stream that cannot be decoded among them).
    public var error: WebRTCError? { connection.error ?? streams.error }

    /// Hangs up: stops the pipeline; no callback comes after this returns.
    public func stop() { connection.stop() }
}
