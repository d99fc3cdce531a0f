import Foundation

extension Connection {
    /// The video thread: decodes queued packets, drops late pictures, converts the rest to the
    /// output size and queues them for presentation.
    func decodeVideo(_ decoder: Decoder, frameDuration: Double) {
        let frame = Frame()
        let scaler = Scaler()
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
                core.locked { core.counters.corruptPackets += 1 }
            }
            while true {
                let step: FFmpegStep
                do { step = try decoder.receive(into: frame) } catch {
                    core.locked { core.counters.corruptPackets += 1 }
                    break
                }
                guard step == .done else { break }
                let keepGoing = present(frame, decoder: decoder, scaler: scaler,
                                        frameDuration: frameDuration, loopFilter: &loopFilter)
                frame.unref()
                if !keepGoing { return }
            }
            if packet == nil {
                core.locked {
                    core.videoDrained = true
                    core.startIfReadyLocked(now: core.systemClock.now())
                    core.wakeDemuxerIfReady()
                }
                return
            }
        }
    }

    private func nextVideoItem() -> PacketQueue.Item? {
        core.locked {
            while !isStopping {
                if let item = core.videoPackets.pop() {
                    core.wakeDemuxerIfReady()
                    return item
                }
                core.videoSleep(for: .packet, until: nil)
            }
            return nil
        }
    }

    /// What to do with a decoded picture.
    private enum Decision { case drop, convert(width: Int, height: Int, serial: Int), stop }

    /// Handles one decoded picture; returns false when the thread must stop.
    private func present(_ frame: Frame, decoder: Decoder, scaler: Scaler, frameDuration: Double,
                         loopFilter: inout LoopFilterMode) -> Bool {
        let pts = core.locked {
            core.videoPts(frame.seconds(in: decoder.timeBase), expected: core.lastDecodedVideoPts.map { $0 + frameDuration })
        }
        let duration = frame.durationSeconds(in: decoder.timeBase) ?? frameDuration
        let displayWidth = max(2, Int((Double(frame.width) * frame.sampleAspect).rounded()))
        let decision = core.locked {
            core.counters.decoded += 1
            core.lastDecodedVideoPts = pts
            core.sourceSize = (displayWidth, frame.height)
            return decideLocked(pts: pts, duration: duration, source: (displayWidth, frame.height))
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

    /// Waits (lock held) until the picture at `pts` can be queued or must be dropped: late
    /// pictures are dropped, a full queue or disabled video waits for the clock.
    private func decideLocked(pts: Double, duration: Double, source: (width: Int, height: Int)) -> Decision {
        while true {
            if isStopping { return .stop }
            let now = core.systemClock.now()
            if let time = core.advanceLocked(now: now), pts + duration < time {
                if pts < time - 2, !core.clock.isAudioDriven(now: now) {
                    core.clock.start(at: pts, now: now)
                    core.frameWakePending = true
                } else {
                    core.counters.dropped += 1
                    return .drop
                }
            }
            let deadline: Double?
            if !core.videoEnabled {
                // Decode no further than a little ahead of the clock; the picture is dropped
                // once the clock comes within 0.1 s of it.
                core.startIfReadyLocked(now: now)
                guard let time = core.advanceLocked(now: now), pts > time + 0.1 else { return .drop }
                deadline = now + (pts - 0.1 - time) + SessionCore.dueTolerance
            } else if core.frames.count < SessionCore.videoQueueLimit {
                let size = Self.outputSize(source: source, box: core.outputBox)
                core.nextSerial += 1
                return .convert(width: size.width, height: size.height, serial: core.nextSerial)
            } else {
                // The queue is full: presenting its next frame makes room and wakes this thread.
                core.startIfReadyLocked(now: now)
                deadline = core.nextFrameDelay(now: now).map { now + $0 + SessionCore.fallbackGrace }
            }
            core.videoSleep(for: .picture, until: deadline)
        }
    }

    /// Queues a converted picture for presentation (nil: swscale refused it).
    private func queue(_ converted: VideoFrame?, scalerBuilds: Int, economy: Bool) {
        core.locked {
            core.counters.scalerBuilds = scalerBuilds
            if let converted {
                if core.frames.isEmpty && core.phase == .playing { core.frameWakePending = true }
                core.counters.converted += 1
                if economy { core.counters.economyFrames += 1 }
                core.frames.append(converted)
            }
            core.startIfReadyLocked(now: core.systemClock.now())
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
