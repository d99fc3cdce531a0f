import CFFmpeg

/// One-time setup of the FFmpeg libraries: device registration, and only fatal errors on
/// stderr until ``FFmpegLog/follow(_:)`` says otherwise.
package enum FFmpegRuntime {
    /// Registers the input devices (lavfi, v4l2, x11grab, pulse, alsa) once; safe to call from any thread.
    package static func ensureInitialized() { _ = initialized }

    private static let initialized: Bool = {
        avdevice_register_all()
        av_log_set_level(AV_LOG_FATAL)
        return true
    }()
}
