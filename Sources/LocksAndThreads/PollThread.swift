import Foundation

/// A thread that sleeps in `poll` on the descriptors its work watches and on a wake pipe of its
/// own, so it uses no CPU until something happens, and that ends when asked.
///
/// The pipe is close-on-exec (a child process inherits nothing) and non-blocking. ``wake()``
/// makes the thread run its turn again; ``stop()`` ends the thread and waits for it, from any
/// thread, any number of times. The work's value is confined to the thread from its start.
///
/// ```swift
/// let thread = try PollThread(name: "floatapp-scale", work: watch, watching: [socket]) { watch, readable in
///     watch.handle(readable[0])   // false ends the thread
/// }
/// thread.stop()
/// ```
package final class PollThread: Sendable {
    private let wakePipe: (read: Int32, write: Int32)
    private let stopped = Guarded(false)
    private let thread: ResultThread<Void>

    /// Starts the thread named `name`. It first calls `turn` with every flag false, then after
    /// each wake-up with, for each of `descriptors`, whether it is readable; it ends when `turn`
    /// returns false, when ``stop()`` is called or when `poll` fails.
    /// Throws `PollThreadError` when the wake pipe cannot be made.
    package init<Work>(name: String, work: sending Work, watching descriptors: [Int32],
                       turn: @escaping @Sendable (Work, [Bool]) -> Bool) throws(PollThreadError) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw PollThreadError(errno: errno) }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        wakePipe = (fds[0], fds[1])
        let confined = ThreadConfined(work)
        let stopped = self.stopped, wakeFD = fds[0]
        thread = ResultThread(name: name) {
            let work = confined.take()
            var polled = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            polled.append(pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0))
            var readable = [Bool](repeating: false, count: descriptors.count)
            while true {
                if stopped.withLock({ $0 }) || !turn(work, readable) { return }
                for index in polled.indices { polled[index].revents = 0 }
                if poll(&polled, nfds_t(polled.count), -1) < 0 && errno != EINTR { return }
                if polled[descriptors.count].revents != 0 { Self.drain(wakeFD) }
                readable = polled.prefix(descriptors.count).map { $0.revents != 0 }
            }
        }
    }

    deinit {
        stop()
        close(wakePipe.read)
        close(wakePipe.write)
    }

    /// Makes the thread run its turn soon; safe from any thread.
    package func wake() {
        var byte: UInt8 = 1
        _ = write(wakePipe.write, &byte, 1)
    }

    /// Ends the thread after its current turn and waits for it; safe more than once.
    package func stop() {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        wake()
        thread.result()
    }

    private static func drain(_ fd: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(fd, &buffer, buffer.count) > 0 {}
    }
}
