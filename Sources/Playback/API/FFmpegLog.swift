import PiPLayout

/// What FFmpeg itself prints on stderr follows the app's log level.
public enum FFmpegLog {
    /// Applies `level` to the FFmpeg libraries (process-wide): FFmpeg's warnings at `debug`,
    /// its fatal errors only at every other level.
    public static func follow(_ level: LogLevel) { FFmpegRuntime.setLogLevel(level) }
}
