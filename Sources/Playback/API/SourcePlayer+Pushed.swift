import EngineTerms
import FFmpeg
import Rooms

/// Feeding a player made with ``SourcePlayer/init(pushedWith:observers:)``: each picture and
/// sound is stamped with the time it arrives, pictures later by the options'
/// ``PlaybackOptions/pushedPictureHold`` (the sound output's delay), so the two reach the user
/// in step as they came.
extension SourcePlayer {
    /// Queues a decoded picture that arrived now, to be shown the options' picture hold later.
    public func push(picture: VideoFrame) {
        guard !core.isClosed else { return }
        let now = core.systemClock.now()
        let due = now + core.options.pushedPictureHold
        core.withLock { state in
            state.beginPushedConnection()
            let frame = picture.restamped(pts: due, serial: state.nextSerial)
            state.nextSerial += 1
            state.hasVideoStream = true
            state.sourceSize = (picture.width, picture.height)
            state.lastDecodedVideoPts = due
            if state.frames.count >= SharedState.videoQueueMaximum {
                state.frames.removeFirst()
                state.counters.dropped += 1
            }
            if state.frames.isEmpty && state.phase == .playing && state.demand.isShown { state.frameWakePending = true }
            state.frames.append(frame)
            state.counters.decoded += 1
            state.counters.queued += 1
            state.startIfReady(now: now)
        }
        core.publishEvents()
    }

    /// Queues decoded sound that arrived now: interleaved samples at the options' rate and
    /// channels. Sound that follows on within a tenth of a second continues the previous block's
    /// time, so the arrival's jitter is not heard.
    public func push(sound samples: [Float]) {
        guard !core.isClosed, !samples.isEmpty else { return }
        let now = core.systemClock.now()
        core.withLock { state in
            state.beginPushedConnection()
            state.hasAudioStream = true
            let frames = samples.count / state.ring.channels
            let duration = Double(frames) / Double(state.ring.rate)
            let arrived = now - duration
            let pts = state.lastAudioEnd.map { abs($0 - arrived) < 0.1 ? $0 : arrived } ?? arrived
            samples.withUnsafeBufferPointer { state.ring.push($0, frames: frames, pts: pts) }
            state.lastAudioEnd = pts + duration
            state.startIfReady(now: now)
        }
        core.publishEvents()
    }

    /// What the pusher learnt of the participant (W10): a camera turned off sends no pictures,
    /// which then is no stall (the status stays Playing on the sound) and the tile shows the name;
    /// the next picture pushed turns the picture back on.
    public func setCallSending(_ sending: CallSending) {
        core.withLock { state in
            state.callSending = sending
            if sending.cameraOff, state.hasVideoStream {
                state.hasVideoStream = false
                if state.status == .buffering(percent: nil), state.phase == .playing { state.status = .playing }
            }
        }
        core.publishEvents()
    }

    /// The pushed media stopped for a reason the pusher knows (its server is gone and being
    /// reconnected to): the player says `status`, shows its last picture and plays nothing until
    /// media is pushed again.
    public func interrupt(saying status: PlaybackStatus) {
        core.withLock { state in
            state.resetForConnection()
            state.status = status
        }
        core.publishEvents()
    }
}

extension SharedState {
    /// The first picture or sound of a pushed player's connection (the first, or the first after
    /// an interruption): the player buffers, as a source it opens does once opened.
    mutating func beginPushedConnection() {
        guard phase == .opening else { return }
        phase = .buffering
        openCount += 1
        status = .buffering(percent: nil)
    }
}
