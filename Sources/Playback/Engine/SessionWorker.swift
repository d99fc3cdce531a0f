import Foundation

/// The session's worker thread: opens the source, plays it, and reconnects live sources.
final class SessionWorker: @unchecked Sendable {
    private let core: SessionCore
    private let source: String

    init(core: SessionCore, source: String) {
        self.core = core
        self.source = source
    }

    /// The reconnection delay before try `attempt` (1-based): 0.5 s doubling up to 8 s (D4).
    static func backoff(attempt: Int) -> Double {
        min(8, 0.5 * pow(2, Double(max(0, attempt - 1))))
    }

    func run() {
        defer {
            core.locked {
                core.workerRunning = false
                core.workerEnded.broadcast()
            }
        }
        let locator: SourceLocator
        do {
            locator = try SourceLocator.parse(source)
        } catch {
            core.setStatus(.failed(error.message))
            return
        }
        var attempt = 0
        var everPlayed = false
        while !core.isClosed {
            let (end, played) = connect(locator)
            everPlayed = everPlayed || played
            switch end {
            case .closed:
                return
            case .ended where core.options.liveness == .recorded:
                core.setStatus(.ended)
                return
            case .failed(let error) where core.options.liveness == .recorded:
                core.setStatus(.failed(error.message))
                return
            case .failed(let error) where locator.isLocal && !everPlayed:
                // A missing file or a broken graph will not open on a later try either (D6).
                core.setStatus(.failed(error.message))
                return
            case .ended, .failed:
                break
            }
            attempt = played ? 1 : attempt + 1
            let delay = Self.backoff(attempt: attempt)
            core.locked { core.resetForConnectionLocked() }
            core.setStatus(.reconnecting(attempt: attempt, nextTryIn: delay))
            let deadline = MonotonicTime.seconds() + delay
            core.locked {
                while !core.isClosed && MonotonicTime.seconds() < deadline {
                    core.demuxerSleep(for: .backoff, until: deadline)
                }
            }
        }
    }

    /// Opens and plays the source once.
    private func connect(_ locator: SourceLocator) -> (Connection.End, played: Bool) {
        let input: InputContext
        do {
            input = try InputContext(url: locator.url, formatName: locator.formatName, interrupt: core.interrupt,
                                     openTimeout: core.options.openTimeout, ioTimeout: core.options.ioTimeout,
                                     deviceOptions: [:])
        } catch {
            if core.isClosed { return (.closed, false) }
            return (.failed(.openFailed(error.message)), false)
        }
        let handler: (@Sendable (Int) -> Void)?
        let count: Int
        (handler, count) = core.locked {
            core.openCount += 1
            return (core.openHandler, core.openCount)
        }
        handler?(count)
        do {
            let connection = try Connection(core: core, input: input)
            let end = connection.run()
            return (end, connection.reachedPlaying)
        } catch {
            return (.failed(error), false)
        }
    }
}
