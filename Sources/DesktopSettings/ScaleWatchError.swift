/// Why an ``X11ScaleWatcher`` could not start.
public enum ScaleWatchError: Error, Equatable, Sendable {
    /// The X display could not be opened (not on X11, or `display` is wrong); nil means `$DISPLAY`.
    case noDisplay(String?)
    /// The watcher's thread could not be started; the reason is the system's.
    case noThread(String)
}
