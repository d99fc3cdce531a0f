import CFFmpeg
import FFmpeg
import Logging

/// What FFmpeg itself prints on stderr follows the app's one ``LogLevel``.
public enum FFmpegLog {
    /// Applies `level` to the FFmpeg libraries (process-wide). At `debug` FFmpeg's warnings
    /// (a refused connection, damaged packets) show beside the app's lines; at every other
    /// level only its fatal errors, since the app words every failure itself.
    public static func follow(_ level: LogLevel) {
        FFmpegRuntime.ensureInitialized()
        av_log_set_level(level == .debug ? AV_LOG_WARNING : AV_LOG_FATAL)
    }
}
