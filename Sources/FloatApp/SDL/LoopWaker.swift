import CSDL

/// Wakes the main loop from any thread: an SDL user event type of its own, pushed with an
/// optional code. `SDL_PushEvent` is thread-safe, so a waker may be called from worker,
/// bus and network threads; the loop recognises the event with ``matches(_:)``.
struct LoopWaker: Sendable {
    /// The SDL event type this waker pushes.
    let eventType: UInt32

    /// Registers a new SDL user event type (needs SDL's event system initialised).
    init() {
        eventType = SDL_RegisterEvents(1)
    }

    /// Pushes the event; `code` travels in `user.code`.
    func wake(code: Int32 = 0) {
        var event = SDL_Event()
        event.type = eventType
        event.user.code = code
        SDL_PushEvent(&event)
    }

    /// Whether `event` is this waker's.
    func matches(_ event: SDL_Event) -> Bool {
        event.type == eventType
    }
}
