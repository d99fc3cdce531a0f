import Foundation

/// What the main thread and the bus thread hand each other, behind one lock: the newest state
/// to publish, the commands received, and the stop request. A byte on `wakePipe` tells the
/// bus thread to look.
///
/// `@unchecked Sendable`: its mutable state is only touched with `lock` held; the pipe's
/// descriptors never change after `init`.
final class MPRISMailbox: @unchecked Sendable {
    private let lock = NSLock()
    private var pendingState: MPRISState?
    private var commands: [MPRISCommand] = []
    private var stopRequested = false
    /// The pipe the bus thread polls next to the bus socket: (read end, write end).
    let wakePipe: (read: Int32, write: Int32)

    /// A mailbox with a fresh non-blocking wake pipe.
    init() throws {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            throw MPRISUnavailable(description: "cannot create a pipe (\(String(cString: strerror(errno))))")
        }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        wakePipe = (fds[0], fds[1])
    }

    deinit {
        close(wakePipe.read)
        close(wakePipe.write)
    }

    /// Main thread: publish `state` on the bus soon.
    func post(_ state: MPRISState) {
        lock.withLock { pendingState = state }
        wakeBusThread()
    }

    /// Main thread: ask the bus thread to end.
    func requestStop() {
        lock.withLock { stopRequested = true }
        wakeBusThread()
    }

    /// Bus thread: the state to publish, if a new one came, and whether to stop.
    func takeState() -> (state: MPRISState?, stop: Bool) {
        lock.withLock {
            defer { pendingState = nil }
            return (pendingState, stopRequested)
        }
    }

    /// Bus thread: a command arrived.
    func add(_ command: MPRISCommand) {
        lock.withLock { commands.append(command) }
    }

    /// Main thread: the commands received since the last call, oldest first.
    func takeCommands() -> [MPRISCommand] {
        lock.withLock {
            defer { commands = [] }
            return commands
        }
    }

    /// Bus thread: empties the wake pipe after `poll` said it is readable.
    func drainWakePipe() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(wakePipe.read, &buffer, buffer.count) > 0 {}
    }

    private func wakeBusThread() {
        var byte: UInt8 = 1
        _ = write(wakePipe.write, &byte, 1)
    }
}
