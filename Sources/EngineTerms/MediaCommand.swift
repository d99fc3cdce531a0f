/// What a media controller (a desktop panel, media keys, `playerctl`) asked the app to do.
///
/// Requests MPRIS defines as no-ops for FloatApp (Next, Previous, Seek, SetPosition: live
/// rooms cannot skip or seek) are answered on the bus and never become commands.
public enum MediaCommand: Equatable, Sendable {
    /// Show the full view and raise the main window.
    case raise
    /// Quit the app.
    case quit
    /// Toggle between playing and paused.
    case playPause
    /// Resume (live: jump back to live).
    case play
    /// Pause: stop presenting while the connection stays.
    case pause
    /// Leave the room, releasing the float.
    case stop
    /// Set the app's volume, already clamped to 0...1.
    case setVolume(Double)
}
