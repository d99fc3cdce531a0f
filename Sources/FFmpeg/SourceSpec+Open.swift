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
}
