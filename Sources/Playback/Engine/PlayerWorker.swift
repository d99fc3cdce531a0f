import EngineTerms
import FFmpeg
import Foundation
import Rooms

/// The player's worker thread: opens the source, plays it, and reconnects live sources.
package final class PlayerWorker: Sendable {
    private let core: PlayerCore
    private let source: String

    /// How one connection went.
    private struct Outcome {
        var end: Connection.End
        /// True once the clock ran on it.
        var played = false
        /// True when no later try can do better (D6).
        var final = false
        /// True when the source was live on this connection: its end and its errors reconnect (D4, D8).
        var live = true
    }

    init(core: PlayerCore, source: String) {
        self.core = core
        self.source = source
    }

    func run() {
        defer {
            core.withLock { state in
                state.workerRunning = false
                state.workerEnded.broadcast()
            }
        }
        let spec: SourceSpec
        do throws(SourceSpecError) {
            spec = try SourceSpec.parse(source)
        } catch {
            return core.setStatus(.failed(.refusedSource(error)))
        }
        var attempt = 0
        var everPlayed = false
        while !core.isClosed {
            let outcome = connect(spec)
            everPlayed = everPlayed || outcome.played
            switch outcome.end {
            case .closed:
                return
            case .ended where !outcome.live:
                return core.setStatus(.ended)
            case .failed(let error) where !outcome.live || outcome.final
                || (spec.failsUntilPlayed && !everPlayed):
                return core.setStatus(.failed(error))
            case .ended, .failed:
                break
            }
            attempt = outcome.played ? 1 : attempt + 1
            waitBeforeRetry(attempt: attempt)
        }
    }

    /// Shows Reconnecting(n) and sleeps the backoff on the player's clock; a close or a
    /// ``SourcePlayer/retryNow()`` cuts it short.
    private func waitBeforeRetry(attempt: Int) {
        let delay = ReconnectBackoff.delay(attempt: attempt)
        core.withLock { state in
            state.resetForConnection()
            state.retryRequested = false
        }
        core.setStatus(.reconnecting(attempt: attempt, retryIn: delay))
        let deadline = core.systemClock.now() + delay
        core.lockedLoop { state in
            core.isClosed || state.retryRequested || core.systemClock.now() >= deadline
                ? .done(()) : .sleep(.demuxer(.backoff), until: deadline)
        }
    }

    /// Opens and plays the source once.
    private func connect(_ spec: SourceSpec) -> Outcome {
        let input: InputContext
        core.withLock { $0.startup.stamp(.opening) }
        do {
            input = try InputContext(url: spec.openName, formatName: spec.formatName, interrupt: core.interrupt,
                                     openTimeout: core.options.openTimeout, ioTimeout: core.options.ioTimeout,
                                     deviceOptions: spec.probeOptions(live: core.options.liveness != .recorded)) { [core] in
                core.withLock { $0.startup.stamp(.opened) }
            }
            core.withLock { $0.startup.stamp(.probed) }
        } catch {
            if core.isClosed { return Outcome(end: .closed) }
            return Outcome(end: .failed(spec.openFailure(error)), final: spec.openFailureIsFinal(error),
                           live: core.options.liveness != .recorded)
        }
        let live = decideLiveness(spec, input: input)
        let count = core.withLock { state in
            state.openCount += 1
            return state.openCount
        }
        core.observers.onOpen?(count)
        do {
            let connection = try Connection(core: core, input: input)
            let end = connection.run()
            return Outcome(end: end, played: connection.reachedPlaying, live: live)
        } catch {
            // No playable stream, or a codec that cannot be decoded: only a server can change that.
            return Outcome(end: .failed(error), final: !spec.isNetwork, live: live)
        }
    }

    /// Whether the source is live on this connection: as the options say, or, when they leave it
    /// to the source, as its input says (D8); the player keeps what was decided.
    private func decideLiveness(_ spec: SourceSpec, input: InputContext) -> Bool {
        let recording: Bool
        switch core.options.liveness {
        case .live: recording = false
        case .recorded: recording = true
        case .decidedOnOpen: recording = spec.isRecording(duration: input.durationSeconds)
        }
        core.withLock { $0.decideLiveness(recording: recording, duration: input.durationSeconds, start: input.startSeconds) }
        return !recording
    }
}
