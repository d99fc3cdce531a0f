import EngineTerms

/// What a player tells its owner, on its worker threads. Given when the player is created,
/// before its worker starts, so no status change, open or frame is ever missed.
public struct PlaybackObservers: Sendable {
    /// Called after every status change (not for the initial `.connecting`).
    public var onStatusChange: (@Sendable (PlaybackStatus) -> Void)?
    /// Called each time the source was opened, with the running count.
    public var onOpen: (@Sendable (Int) -> Void)?
    /// Called when a frame becomes the next one due while none was waiting: the first frame
    /// queued after the queue ran empty (a live source or a slow decoder), the clock starting
    /// with frames queued, or the clock jumping. A render loop that sleeps for
    /// ``SourcePlayer/nextFrameDelay`` and finds nil can sleep until this is called (e.g. by
    /// posting an event to its own event queue). Keep it short; it runs on the decoding thread.
    public var onFrameQueued: (@Sendable () -> Void)?

    public init(onStatusChange: (@Sendable (PlaybackStatus) -> Void)? = nil,
                onOpen: (@Sendable (Int) -> Void)? = nil,
                onFrameQueued: (@Sendable () -> Void)? = nil) {
        self.onStatusChange = onStatusChange
        self.onOpen = onOpen
        self.onFrameQueued = onFrameQueued
    }
}
