/// Why an ``X11ScaleWatcher`` could not start.
public enum ScaleWatchError: Error, Equatable, Sendable {
    /// The X display could not be opened (not on X11, or `display` is wrong); nil means `$DISPLAY`.
    case noDisplay(String?)
    /// The watcher's wake pipe could not be made; the reason is the system's (`strerror`).
    case noThread(String)
}
