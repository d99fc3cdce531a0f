import EngineTerms
import FFmpeg
import Foundation
import LocksAndThreads

/// One player's lock, the state it guards (``SharedState``) and what never changes after
/// creation: options, clock, observers, the interrupt flag.
///
/// Lock order (the one place it is written down): the ``AudioMixer``'s lock, then a player's
/// lock, then a ``ManualClock``'s. Nothing holding a player's lock takes the mixer's, and no
/// observer is called with a player's lock held.
///
/// `@unchecked Sendable`: `state` is only touched inside ``withLock(_:)`` or
/// ``lockedLoop(_:)``, with `lock` held; every other stored property is immutable and Sendable.
final class PlayerCore: @unchecked Sendable {
    /// Which thread a ``LoopStep/sleep(_:until:)`` puts to sleep, and why.
    enum Sleeper {
        /// The demuxer (the player's worker thread).
        case demuxer(SharedState.DemuxerWait)
        /// The video thread.
        case video(SharedState.VideoWait)
        /// A thread closing the player, waiting for the worker to end.
        case closer
        /// The demuxer waiting for a device that delivers on real time, whatever the clock.
        case device
    }

    /// What a step of ``lockedLoop(_:)`` decided.
    enum LoopStep<Value> {
        /// Done: the loop returns `Value`.
        case done(Value)
        /// Sleep until signalled or until the deadline on ``systemClock``, then step again.
        case sleep(Sleeper, until: Double?)
    }

    let lock = Lock()
    let interrupt = InterruptFlag()
    let options: PlaybackOptions
    /// Where time is read and deadlines are slept until.
    let systemClock: any PlayerClock
    /// Set before the worker starts and never changed, so no event is missed.
    let observers: PlaybackObservers
    /// Converts each picture as it is queued (its own lock, never taken with this one's).
    let converter = PictureConverter()
    private var state: SharedState

    init(options: PlaybackOptions, observers: PlaybackObservers, clock: any PlayerClock) {
        self.options = options
        self.observers = observers
        systemClock = clock
        state = SharedState(options: options, lock: lock)
    }

    /// Runs `body` on the state with the lock held.
    func withLock<R>(_ body: (inout SharedState) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }

    /// Runs `step` on the state with the lock held until it is done; between steps sleeps as it
    /// says, with the lock released and the state untouched while asleep.
    func lockedLoop<R>(_ step: (inout SharedState) -> LoopStep<R>) -> R {
        lock.lock()
        defer { lock.unlock() }
        while true {
            switch step(&state) {
            case .done(let value): return value
            case .sleep(let sleeper, let deadline): sleep(sleeper, until: deadline)
            }
        }
    }

    /// Sleeps (lock held, no access to the state in progress) until woken or the deadline.
    private func sleep(_ sleeper: Sleeper, until deadline: Double?) {
        let condition: WakeCondition
        switch sleeper {
        case .demuxer(let reason):
            state.demuxerWait = reason
            condition = state.demuxerWake
        case .device:
            state.demuxerWait = .deviceData
            condition = state.demuxerWake
        case .video(let reason):
            state.videoWait = reason
            condition = state.videoWake
        case .closer:
            condition = state.workerEnded
        }
        if case .device = sleeper {
            _ = condition.wait(until: deadline)
        } else {
            _ = systemClock.wait(on: condition, until: deadline)
        }
        switch sleeper {
        case .demuxer, .device:
            state.demuxerWait = .none
            state.counters.demuxerWakeups += 1
        case .video:
            state.videoWait = .none
            state.counters.videoWakeups += 1
        case .closer:
            break
        }
    }

    var isClosed: Bool { interrupt.isInterrupted }

    /// Interrupts blocking FFmpeg calls and wakes both worker threads so they see the close.
    func requestClose() {
        interrupt.interrupt()
        withLock { state in
            state.demuxerWake.signal()
            state.videoWake.signal()
        }
    }

    /// Calls the status observer if the status changed since the last call, and the frame
    /// observer if a frame became due; never with the lock held.
    func publishEvents() {
        let (changed, frameReady): (PlaybackStatus?, Bool) = withLock { state in
            let frameReady = state.frameWakePending
            state.frameWakePending = false
            guard state.status != state.notifiedStatus else { return (nil, frameReady) }
            state.notifiedStatus = state.status
            return (state.status, frameReady)
        }
        if let changed { observers.onStatusChange?(changed) }
        if frameReady { observers.onFrameQueued?() }
    }

    /// Sets the status and tells the observer.
    func setStatus(_ new: PlaybackStatus) {
        withLock { $0.status = new }
        publishEvents()
    }

    /// Adds this player's next `frameCount` frames into `output` (interleaved, `channels` per
    /// frame at `rate`), applying mute and volume, and advances the clock to the sound heard
    /// `lead` seconds after it is mixed. Never blocks for long.
    func mix(into output: UnsafeMutablePointer<Float>, frameCount: Int, channels: Int, rate: Int, lead: Double) {
        withLock { state in
            state.mix(into: output, frameCount: frameCount, channels: channels, rate: rate, lead: lead,
                      now: systemClock.now())
        }
    }
}
