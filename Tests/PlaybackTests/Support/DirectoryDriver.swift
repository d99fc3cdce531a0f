import DirectoryFetch
import Foundation
import LiveDirectory
import LocksAndThreads
import Rooms

/// Runs a ``LiveDirectory`` against real servers the way the app does: ticks on a clock, reads
/// statistics pages with ``StatsReader``, and feeds the results back on the calling thread.
final class DirectoryDriver: @unchecked Sendable {
    private(set) var directory: LiveDirectory
    /// Every appeared and ended effect so far, with the time it happened.
    private(set) var events: [(time: Double, effect: DirectoryEffect)] = []
    private let reader = StatsReader(timeout: 2)
    private let inbox = Guarded<[(serverID: String, serial: Int, result: Result<[LiveStreamInfo], DirectoryError>)]>([])

    init(servers: [LiveServer]) {
        directory = LiveDirectory(servers: servers)
    }

    var now: Double { ProcessInfo.processInfo.systemUptime }

    /// Delivers finished fetches, passes time, and starts the fetches that are due.
    func step() {
        let arrived = inbox.withLock { inbox in
            defer { inbox.removeAll() }
            return inbox
        }
        var effects: [DirectoryEffect] = []
        for answer in arrived {
            effects += directory.received(answer.result, serverID: answer.serverID, serial: answer.serial, now: now)
        }
        effects += directory.tick(now: now)
        perform(effects)
    }

    private func perform(_ effects: [DirectoryEffect]) {
        for effect in effects {
            guard case .fetch(let serverID, let url, let serial) = effect else {
                events.append((now, effect))
                continue
            }
            let inbox = self.inbox
            reader.read(url) { read in
                inbox.withLock { $0.append((serverID, serial, read)) }
            }
        }
    }

    /// Steps every 50 ms until `condition` holds or `timeout` seconds pass.
    func run(for timeout: Double, until condition: () -> Bool) -> Bool {
        let deadline = now + timeout
        while now < deadline {
            step()
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return condition()
    }
}
