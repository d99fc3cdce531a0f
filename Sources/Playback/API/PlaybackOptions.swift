import EngineTerms

/// How a source player opens and treats its source.
public struct PlaybackOptions: Sendable {
    /// How the player reacts to the end of its source.
    public enum Liveness: Sendable, Equatable {
        /// A recording: its end is ``PiPLayout/PlaybackStatus/ended``, an error is ``PiPLayout/PlaybackStatus/failed(_:)``.
        case recorded
        /// A live source: errors and ends lead to reconnection with backoff (D4).
        case live
        /// Decided when the source opens (D8): a recording when its input reports a finite
        /// length and does not come over a live protocol, else live. Until it opened, live.
        case decidedOnOpen
    }

    /// Whether the source is live.
    public var liveness: Liveness
    /// Seconds an open (connect, handshake, probing) may take before it counts as failed.
    public var openTimeout: Double
    /// Seconds a network read may stall before it counts as failed.
    public var ioTimeout: Double
    /// Sample rate of the audio handed to ``AudioMixer`` (it must match the mixer's).
    public var audioSampleRate: Int
    /// Channel count of the audio handed to ``AudioMixer`` (it must match the mixer's).
    public var audioChannels: Int
    /// Whether decoding may skip the loop filter when the output is much smaller than the source.
    public var decodeEconomy: DecodeEconomy
    /// A live source's sound queued beyond this many seconds (an output that consumes it slower
    /// than it arrives, a burst after a stall) is skipped down to the live edge, so delay never
    /// piles up: a conversation's bound (a call's 0.4 s). Nil keeps everything (a live stream
    /// watched, whose HLS segments come in bursts).
    public var liveDelayLimit: Double?
    /// Where pictures are scaled to the size shown.
    public var scaling: Scaling
    /// Seconds a pushed player (``SourcePlayer/init(pushedWith:observers:)``) holds each picture
    /// behind the sound that arrived with it: the part of the sound output's delay after the
    /// mixer (the device's buffers) that the mixer's output lead (``AudioMixer/setOutputLead(_:)``)
    /// leaves out, which the sound takes to reach the speaker and a picture on screen does not.
    /// What the player's own ring holds needs none: the clock follows the sound the mixer takes
    /// from it. A source the player opens needs none either: its stamps are the sender's, and
    /// were measured in step with that part. 0 holds nothing.
    public var pushedPictureHold = 0.0

    /// Where pictures are scaled to the size shown, and turned from YUV into RGB.
    public enum Scaling: Sendable, Equatable {
        /// On the decoding thread, with swscale, to the size shown (a software renderer then
        /// only converts and copies).
        case beforeQueue
        /// By the renderer (a GPU): pictures are queued as decoded, the decoder's own planes
        /// when they are YUV420P.
        case onScreen
    }

    /// Cheaper decoding for small outputs.
    public enum DecodeEconomy: Sendable, Equatable {
        /// Skip the H.264/HEVC loop filter while the output is at most half the source's width and height.
        case automatic
        /// Always decode at full quality.
        case off
    }

    /// Convenience for the two fixed cases.
    public var isLive: Bool {
        get { liveness == .live }
        set { liveness = newValue ? .live : .recorded }
    }

    public init(liveness: Liveness = .recorded, openTimeout: Double = 10, ioTimeout: Double = 5,
                audioSampleRate: Int = 48000, audioChannels: Int = 2, decodeEconomy: DecodeEconomy = .automatic,
                liveDelayLimit: Double? = nil, scaling: Scaling = .beforeQueue) {
        self.liveness = liveness
        self.openTimeout = openTimeout
        self.ioTimeout = ioTimeout
        self.audioSampleRate = audioSampleRate
        self.audioChannels = audioChannels
        self.decodeEconomy = decodeEconomy
        self.liveDelayLimit = liveDelayLimit
        self.scaling = scaling
    }

    /// Options for a live source.
    public static var live: PlaybackOptions { PlaybackOptions(liveness: .live) }
}
