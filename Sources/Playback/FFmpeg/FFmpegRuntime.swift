import CFFmpeg
import PiPLayout

/// One-time setup of the FFmpeg libraries (device registration, log level).
enum FFmpegRuntime {
    /// Registers the input devices (lavfi, v4l2, x11grab) once; safe to call from any thread.
    static func ensureInitialized() { _ = initialized }

    private static let initialized: Bool = {
        avdevice_register_all()
        av_log_set_level(AV_LOG_FATAL)
        return true
    }()

    /// Sets FFmpeg's own log verbosity on stderr from the app's one ``LogLevel``: at `debug`
    /// FFmpeg's warnings (a refused connection, damaged packets) show beside the app's lines;
    /// otherwise only its fatal errors, since the app words every failure itself.
    static func setLogLevel(_ level: LogLevel) {
        ensureInitialized()
        av_log_set_level(level == .debug ? AV_LOG_WARNING : AV_LOG_FATAL)
    }
}
