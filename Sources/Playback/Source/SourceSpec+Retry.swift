import FFmpeg
import Rooms

/// How playback treats each kind of source when it opens and when it fails (D4, D6): what a
/// later try can fix, and how long a live source over the network is probed.
extension SourceSpec {
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
    ///
    /// RTMP's TCP connection sends at once (`tcp_nodelay`, which RTMP passes down to it): its
    /// connect and play are a dialogue of small messages, and under Nagle's algorithm each of
    /// the player's waited for the server's delayed acknowledgement, 40 ms on Linux, so
    /// connecting to a local nginx took 0.30 s, and 0.16 s without it (ffprobe, strace).
    func probeOptions(live: Bool) -> [String: String] {
        var options = live && isNetwork ? ["fpsprobesize": "0"] : deviceOptions
        if isRTMP { options["tcp_nodelay"] = "1" }
        return options
    }

    /// True for an `rtmp`, `rtmps`, `rtmpt` or other RTMP URL.
    private var isRTMP: Bool {
        guard case .url(let url) = self else { return false }
        return url.prefix(while: { $0 != ":" }).lowercased().hasPrefix("rtmp")
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
