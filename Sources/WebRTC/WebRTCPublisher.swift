import CGStreamer
import FFmpeg
import LocksAndThreads

/// Sends one participant's camera and microphone to an SFU as WebRTC: pictures (I420) and sound
/// (interleaved stereo Float32 at 48 kHz) pushed in as they are captured, encoded as H.264
/// (x264, ultrafast, zero latency, constrained baseline, like the RTMP calls) and Opus, sent by
/// webrtcbin. The SFU's side of the signalling is the caller's: ``makeOffer(timeout:)``, then
/// ``accept(answer:)``.
///
/// Thread-safe: pictures and sound may be pushed from any thread (each from one).
public final class WebRTCPublisher: Sendable {
    /// The size and rate pictures are sent at.
    public struct PictureFormat: Equatable, Sendable {
        public let width: Int, height: Int, frameRate: Int
        /// A format; the width and height are made even.
        public init(width: Int, height: Int, frameRate: Int) {
            self.width = width & ~1
            self.height = height & ~1
            self.frameRate = max(1, frameRate)
        }
    }

    /// The sound's rate and channels (what ``push(sound:)`` takes).
    public static let soundRate = 48_000, soundChannels = 2

    private let connection: PeerConnection
    private let pictures: MediaSource
    private let sound: MediaSource
    private let format: PictureFormat

    /// Builds the sending pipeline for pictures of `format` and starts it (no offer yet). The
    /// connection fails with ``WebRTCError/connectTimedOut(seconds:)`` when it is not up
    /// `connectTimeout` seconds after the answer.
    public init(format: PictureFormat, bitrateKbps: Int = 1_500, connectTimeout: Double = 8) throws(WebRTCError) {
        self.format = format
        // Each stream's SSRC goes into the offer: Janus drops RTP whose SSRC the offer did not name.
        let (videoSSRC, audioSSRC) = (UInt32.random(in: 1...UInt32.max), UInt32.random(in: 1...UInt32.max))
        let description = """
            webrtcbin name=webrtc bundle-policy=max-bundle \
            appsrc name=pictures format=time is-live=true do-timestamp=true min-latency=0 \
            caps=video/x-raw,format=I420,width=\(format.width),height=\(format.height),framerate=\(format.frameRate)/1 \
            ! queue max-size-buffers=2 leaky=downstream ! videoconvert \
            ! x264enc tune=zerolatency speed-preset=ultrafast bitrate=\(bitrateKbps) key-int-max=\(format.frameRate * 2) threads=2 \
            ! video/x-h264,profile=constrained-baseline ! rtph264pay config-interval=-1 aggregate-mode=zero-latency pt=96 ssrc=\(videoSSRC) \
            ! application/x-rtp,media=video,encoding-name=H264,payload=96,clock-rate=90000,ssrc=(uint)\(videoSSRC) ! webrtc. \
            appsrc name=sound format=time is-live=true do-timestamp=true min-latency=0 \
            caps=audio/x-raw,format=F32LE,rate=\(Self.soundRate),channels=\(Self.soundChannels),layout=interleaved \
            ! queue max-size-time=200000000 leaky=downstream ! audioconvert ! audioresample \
            ! opusenc frame-size=10 bitrate=64000 ! rtpopuspay pt=111 ssrc=\(audioSSRC) \
            ! application/x-rtp,media=audio,encoding-name=OPUS,encoding-params=(string)2,payload=111,clock-rate=48000,ssrc=(uint)\(audioSSRC) ! webrtc.
            """
        connection = try PeerConnection(description: description, connectTimeout: connectTimeout)
        pictures = try MediaSource(in: connection.pipeline, named: "pictures")
        sound = try MediaSource(in: connection.pipeline, named: "sound")
        try connection.start()
    }

    deinit { connection.stop() }

    /// Makes the offer for the SFU, its candidates inside (waits up to `timeout` s for them).
    public func makeOffer(timeout: Double = 5) throws(WebRTCError) -> String {
        try connection.createLocal(offer: true, timeout: timeout)
    }

    /// Applies the SFU's answer; media flows once ICE and DTLS connect.
    public func accept(answer sdp: String) throws(WebRTCError) {
        try connection.setRemote(sdp, type: GST_WEBRTC_SDP_TYPE_ANSWER)
    }

    /// Adds an ICE candidate the SFU trickled for media line `mline`.
    public func addRemoteCandidate(_ candidate: String, mline: Int) {
        connection.addCandidate(candidate, mline: UInt32(mline))
    }

    /// Sends a captured picture (it must be at the publisher's format's size).
    public func push(picture: VideoFrame) {
        guard picture.width == format.width, picture.height == format.height else { return }
        pictures.push(picture)
    }

    /// Sends captured sound: interleaved stereo Float32 samples at 48 kHz.
    public func push(sound samples: [Float]) {
        sound.push(samples)
    }

    /// The connection's state.
    public var state: PeerState { connection.state }

    /// The pipeline's first error, if any.
    public var error: WebRTCError? { connection.error }

    /// Hangs up: stops the pipeline (the SFU sees the DTLS session end).
    public func stop() { connection.stop() }
}
