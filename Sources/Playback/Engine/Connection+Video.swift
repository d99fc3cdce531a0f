import Foundation

extension Connection {
    /// The video thread: decodes queued packets, drops late pictures, converts the rest to the
    /// output size and queues them for presentation.
    func decodeVideo(_ decoder: Decoder, frameDuration: Double) {
        let frame = Frame()
        let scaler = Scaler(filter: .areaWhenShrinking)
        var loopFilter = LoopFilterMode.normal
        while let item = nextVideoItem() {
            let packet: Packet?
            switch item {
            case .packet(let queued, _): packet = queued
            case .endOfStream: packet = nil
            }
            do {
                _ = try decoder.send(packet)
            } catch {
                core.withLock { $0.counters.corruptPackets += 1 }
            }
            while true {
                let step: FFmpegStep
                do { step = try decoder.receive(into: frame) } catch {
                    core.withLock { $0.counters.corruptPackets += 1 }
                    break
                }
                guard step == .done else { break }
                let keepGoing = present(frame, decoder: decoder, scaler: scaler,
                                        frameDuration: frameDuration, loopFilter: &loopFilter)
                frame.unref()
                if !keepGoing { return }
            }
            if packet == nil {
                core.withLock { state in
                    state.videoDrained = true
                    state.startIfReady(now: core.systemClock.now())
                    state.wakeDemuxerIfReady()
                }
                return
            }
        }
    }

    private func nextVideoItem() -> PacketQueue.Item? {
        core.lockedLoop { state in
            guard !state.videoMustStop(closed: core.isClosed) else { return .done(nil) }
            guard let item = state.videoPackets.pop() else { return .sleep(.video(.packet), until: nil) }
            state.wakeDemuxerIfReady()
            return .done(item)
        }
    }

    /// What to do with a decoded picture.
    private enum Decision { case drop, convert(width: Int, height: Int, serial: Int), stop }

    /// Handles one decoded picture; returns false when the thread must stop.
    private func present(_ frame: Frame, decoder: Decoder, scaler: Scaler, frameDuration: Double,
                         loopFilter: inout LoopFilterMode) -> Bool {
        let pts = core.withLock { $0.videoPts(frame.seconds(in: decoder.timeBase)) }
        let duration = frame.durationSeconds(in: decoder.timeBase) ?? frameDuration
        let displayWidth = max(2, Int((Double(frame.width) * frame.sampleAspect).rounded()))
        core.withLock { state in
            state.counters.decoded += 1
            state.lastDecodedVideoPts = pts
            state.sourceSize = (displayWidth, frame.height)
        }
        let decision = core.lockedLoop { state in
            decide(&state, pts: pts, duration: duration, source: (displayWidth, frame.height))
        }
        switch decision {
        case .stop: return false
        case .drop: return true
        case .convert(let width, let height, let serial):
            let wanted: LoopFilterMode = core.options.decodeEconomy == .automatic
                && width * height * 4 <= frame.width * frame.height ? .skipped : .normal
            if wanted != loopFilter {
                decoder.setLoopFilter(wanted)
                loopFilter = wanted
            }
            let converted = scaler.convert(frame, width: width, height: height, pts: pts, serial: serial)
            queue(converted, scalerBuilds: scaler.buildCount, economy: loopFilter == .skipped)
            return true
        }
    }

    /// One step of waiting until the picture at `pts` can be queued or must be dropped: late
    /// pictures are dropped, a full queue or disabled video waits for the clock.
    private func decide(_ state: inout SharedState, pts: Double, duration: Double,
                        source: (width: Int, height: Int)) -> SessionCore.LoopStep<Decision> {
        if state.videoMustStop(closed: core.isClosed) { return .done(.stop) }
        let now = core.systemClock.now()
        if let time = state.advance(now: now), pts + duration < time {
            if pts < time - 2, !state.clock.isAudioDriven(now: now) {
                state.clock.start(at: pts, now: now)
                state.frameWakePending = true
            } else {
                state.counters.dropped += 1
                return .done(.drop)
            }
        }
        if !state.videoEnabled {
            // Decode no further than a little ahead of the clock; the picture is dropped
            // once the clock comes within 0.1 s of it.
            state.startIfReady(now: now)
            guard let time = state.advance(now: now), pts > time + 0.1 else { return .done(.drop) }
            return .sleep(.video(.picture), until: now + (pts - 0.1 - time) + SharedState.dueTolerance)
        }
        if state.frames.count < SharedState.videoQueueLimit {
            let size = Self.outputSize(source: source, box: state.outputBox)
            state.nextSerial += 1
            return .done(.convert(width: size.width, height: size.height, serial: state.nextSerial))
        }
        // The queue is full: presenting its next frame makes room and wakes this thread.
        state.startIfReady(now: now)
        return .sleep(.video(.picture), until: state.nextFrameDelay(now: now).map { now + $0 + SharedState.fallbackGrace })
    }

    /// Queues a converted picture for presentation (nil: swscale refused it).
    private func queue(_ converted: VideoFrame?, scalerBuilds: Int, economy: Bool) {
        core.withLock { state in
            state.counters.scalerBuilds = scalerBuilds
            if let converted {
                if state.frames.isEmpty && state.phase == .playing { state.frameWakePending = true }
                state.counters.converted += 1
                if economy { state.counters.economyFrames += 1 }
                state.frames.append(converted)
            }
            state.startIfReady(now: core.systemClock.now())
        }
        core.publishEvents()
    }

    /// The largest even size with the source's aspect that fits `box` without upscaling.
    static func outputSize(source: (width: Int, height: Int), box: (width: Int, height: Int)?) -> (width: Int, height: Int) {
        var scale = 1.0
        if let box, box.width > 0, box.height > 0 {
            scale = min(1, Double(box.width) / Double(source.width), Double(box.height) / Double(source.height))
        }
        let width = max(2, Int(Double(source.width) * scale) & ~1)
        let height = max(2, Int(Double(source.height) * scale) & ~1)
        return (width, height)
    }
}
