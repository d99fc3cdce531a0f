import EngineTerms
import LocksAndThreads

/// What the main thread and the bus thread hand each other, behind one lock: the newest state
/// to publish and the commands received.
final class MPRISMailbox: Sendable {
    private struct Contents {
        var pendingState: MediaState?
        var commands: [MediaCommand] = []
    }

    private let contents = Guarded(Contents())

    /// Main thread: publish `state` on the bus soon (then wake the bus thread).
    func post(_ state: MediaState) {
        contents.withLock { $0.pendingState = state }
    }

    /// Bus thread: the state to publish, if a new one came.
    func takeState() -> MediaState? {
        contents.withLock { contents in
            defer { contents.pendingState = nil }
            return contents.pendingState
        }
    }

    /// Bus thread: a command arrived.
    func add(_ command: MediaCommand) {
        contents.withLock { $0.commands.append(command) }
    }

    /// Main thread: the commands received since the last call, oldest first.
    func takeCommands() -> [MediaCommand] {
        contents.withLock { contents in
            defer { contents.commands = [] }
            return contents.commands
        }
    }
}
