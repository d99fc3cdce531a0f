import CFFmpeg

/// One-time setup of the FFmpeg libraries (device registration, log level).
enum FFmpegRuntime {
    /// Registers the input devices (lavfi, v4l2, x11grab) once; safe to call from any thread.
    static func ensureInitialized() { _ = initialized }

    private static let initialized: Bool = {
        avdevice_register_all()
        av_log_set_level(AV_LOG_FATAL)
        return true
    }()

    /// Sets FFmpeg's own log verbosity on stderr.
    static func setLogLevel(_ level: PlaybackLogLevel) {
        ensureInitialized()
        switch level {
        case .quiet: av_log_set_level(AV_LOG_QUIET)
        case .error: av_log_set_level(AV_LOG_ERROR)
        case .warning: av_log_set_level(AV_LOG_WARNING)
        case .info: av_log_set_level(AV_LOG_INFO)
        case .debug: av_log_set_level(AV_LOG_DEBUG)
        }
    }
}
