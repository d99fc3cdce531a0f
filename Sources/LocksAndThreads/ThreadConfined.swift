/// Hands a value that owns C handles (an Xlib connection, a libdbus connection) from the thread
/// that made it to the one thread that uses it from then on, and only to that thread.
///
/// The value itself need not be `Sendable`: it is taken in with `sending`, so the caller keeps
/// no reference it could use on another thread, and ``take()`` gives it out once.
///
/// `@unchecked Sendable`: the box moves to the one thread that calls ``take()``; the value is
/// read there once, and the box is never shared beyond that hand-over.
package final class ThreadConfined<Value>: @unchecked Sendable {
    private var value: Value?

    /// Takes `value` for its future thread.
    package init(_ value: sending Value) {
        self.value = value
    }

    /// The value, on the thread that owns it from now on. Called once; a second call is a
    /// programming error.
    package func take() -> Value {
        guard let value else { preconditionFailure("ThreadConfined.take() called twice") }
        self.value = nil
        return value
    }
}
