import EngineTerms
import Rooms

/// How FFmpeg opens each kind of source (R3). Which sources are allowed is decided once, by
/// ``SourceSpec/parse(_:)``, for the rooms-file check and for playback alike; this only says
/// how to open what it accepted.
extension SourceSpec {
    /// The name FFmpeg opens: a URL, a path, a filtergraph, a device path or a display.
    package var openName: String {
        switch self {
        case .url(let url): url
        case .file(let path): path
        case .lavfi(let graph): graph
        case .v4l2(let device): device
        case .x11grab(let display): display
        case .pulse(let source): source
        case .alsa(let device): device
        }
    }

    /// The input device to force, or nil to let FFmpeg probe.
    package var formatName: String? {
        switch self {
        case .url, .file: nil
        case .lavfi: "lavfi"
        case .v4l2: "video4linux2"
        case .x11grab: "x11grab"
        case .pulse: "pulse"
        case .alsa: "alsa"
        }
    }

    /// True for a file (a path, or a URL over `file` such as `hls+file:`): nothing a later try
    /// can fix when it cannot be played, in a live room too (D6).
    var isFile: Bool {
        switch self {
        case .file: true
        case .url(let url): url.prefix(while: { $0 != ":" }).split(separator: "+").last?.lowercased() == "file"
        case .lavfi, .v4l2, .x11grab, .pulse, .alsa: false
        }
    }

    /// True for a URL over the network, the only kind whose streams may change between tries.
    var isNetwork: Bool {
        if case .url = self { return !isFile }
        return false
    }

    /// FFmpeg options for reading stream info when a live source is opened over the network.
    ///
    /// A live server (nginx-rtmp among them) starts a new player's video at the publisher's next
    /// keyframe, and FLV creates each stream at its first packet, so probing must last until that
    /// keyframe: a shorter analysis would open the source without its video. What must not follow
    /// is FFmpeg's frame-rate estimate, which counts 20 to 40 more pictures (over a second) after
    /// the keyframe before the open returns; the container's rate, else the decoder's timing,
    /// serves instead (`fpsprobesize` 0). Recordings and local devices keep FFmpeg's defaults.
    func probeOptions(live: Bool) -> [String: String] {
        live && isNetwork ? ["fpsprobesize": "0"] : deviceOptions
    }

    /// The options a device is opened with. The sound server hands a recording over in fragments
    /// of its choosing, up to 2 s unless asked (PulseAudio's default for a record stream): asking
    /// for 20 ms fragments keeps a microphone as close to the present as a call needs.
    package var deviceOptions: [String: String] {
        switch self {
        case .pulse: ["fragment_size": String(Self.soundFragmentBytes)]
        case .url, .file, .lavfi, .v4l2, .x11grab, .alsa: [:]
        }
    }

    /// 20 ms of the pulse device's default format (48 kHz, 2 channels, 16-bit samples).
    static let soundFragmentBytes = 48_000 * 2 * 2 / 50

    /// A failed open as a playback error: FFmpeg's message, and for the desktop's sound input
    /// which one, so its words can say what to check (FFmpeg's message for a missing sound server
    /// or source, "No such process" or "Input/output error", does not say it).
    package func openFailure(_ error: FFmpegError) -> PlaybackError {
        switch self {
        case .pulse, .alsa: .soundInputFailed(self, reason: error.message)
        case .url, .file, .lavfi, .v4l2, .x11grab: .openFailed(error.message)
        }
    }

    /// True when a failed open is final even in a live room: a file, or a graph FFmpeg rejects,
    /// will not open on a later try. A server, a camera that was unplugged or a display that is
    /// not up yet may come back, so they retry with D4's backoff; so does a sound source that
    /// went away after it played (see ``failsUntilPlayed``).
    func openFailureIsFinal(_ error: FFmpegError) -> Bool {
        switch self {
        case .file, .url: isFile
        case .lavfi: error.isRejectedArgument
        case .v4l2, .x11grab, .pulse, .alsa: false
        }
    }

    /// True when a source that never played gives up at its first failure, with the reason on
    /// the screen: a file, or the desktop's sound input when no sound server or no such source
    /// is there (the Retry control tries again once it is); reconnecting to it forever would
    /// say nothing about why.
    var failsUntilPlayed: Bool { isFile || isSoundDevice }
}
