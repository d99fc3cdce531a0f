import Foundation

/// One open of a source: the demuxer (on the session's worker thread, which also decodes audio)
/// and a video thread that decodes and converts pictures.
final class Connection: @unchecked Sendable {
    /// How a connection ended.
    enum End: Equatable {
        /// The session was closed.
        case closed
        /// The source reached its end and everything queued was played.
        case ended
        /// Reading failed or nothing could be decoded.
        case failed(PlaybackError)
    }

    let core: SessionCore
    private let input: InputContext
    private let video: (index: Int, decoder: Decoder, frameDuration: Double)?
    private let audio: (index: Int, decoder: Decoder)?
    private let resampler: Resampler
    private let videoDone = DispatchSemaphore(value: 0)
    /// Set (lock held) when the video thread must stop.
    private var stopping = false
    /// True (lock held) when the video thread must stop.
    var isStopping: Bool { stopping || core.isClosed }
    /// True once the clock ran on this connection.
    private(set) var reachedPlaying = false

    init(core: SessionCore, input: InputContext) throws(PlaybackError) {
        self.core = core
        self.input = input
        let videoStream = input.bestStream(.video)
        let audioStream = input.bestStream(.audio)
        guard videoStream != nil || audioStream != nil else { throw .noPlayableStream }
        let videoDecoder = try Self.openDecoder(videoStream, kind: "video", threads: Decoder.threadCount(forVideo:))
        let audioDecoder = try Self.openDecoder(audioStream, kind: "audio", threads: { _ in 1 })
        video = videoStream.flatMap { found in videoDecoder.map { (found.index, $0, 1 / (found.frameRate ?? 30)) } }
        audio = audioStream.flatMap { found in audioDecoder.map { (found.index, $0) } }
        resampler = Resampler(outputRate: core.options.audioSampleRate, outputChannels: core.options.audioChannels)
    }

    /// A decoder for `stream`, nil without one; a codec that cannot be opened is an error the
    /// user reads, naming the stream and the codec.
    private static func openDecoder(_ stream: InputStream?, kind: String,
                                     threads: (InputStream) -> Int) throws(PlaybackError) -> Decoder? {
        guard let stream else { return nil }
        do {
            return try Decoder(stream: stream, threads: threads(stream))
        } catch {
            throw .decoderFailed("the \(kind) stream (\(stream.codecName)): \(error.message)")
        }
    }

    /// Plays the source until it ends, fails or the session closes.
    func run() -> End {
        core.locked {
            core.resetForConnectionLocked()
            core.hasVideoStream = video != nil
            core.hasAudioStream = audio != nil
            core.videoFrameDuration = video?.frameDuration ?? core.videoFrameDuration
            core.phase = .buffering
        }
        if video != nil {
            let thread = Thread { [self] in
                if let video { decodeVideo(video.decoder, frameDuration: video.frameDuration) }
                videoDone.signal()
            }
            thread.name = "floatapp.video"
            thread.start()
        } else {
            core.locked { core.videoDrained = true }
        }
        let end = demux()
        core.locked {
            stopping = true
            core.videoWake.signal()
        }
        if video != nil { videoDone.wait() }
        return end
    }

    // MARK: Demuxing (worker thread)

    private func demux() -> End {
        let packet = Packet()
        while true {
            guard waitForRoom() else { return .closed }
            let step: FFmpegStep
            do {
                step = try input.read(into: packet)
            } catch {
                if core.isClosed { return .closed }
                return finish(after: .failed(.streamFailed(error.message)))
            }
            switch step {
            case .again:
                waitForDeviceData()
                continue
            case .endOfStream:
                return finish(after: .ended)
            case .done:
                break
            }
            if let video, packet.streamIndex == video.index {
                let seconds = packet.duration > 0 ? video.decoder.seconds(packet.duration) : video.frameDuration
                let item = PacketQueue.Item.packet(packet.takeData(), seconds: seconds)
                core.locked {
                    core.videoPackets.push(item)
                    core.wakeVideo(for: .packet)
                }
            } else if let audio, packet.streamIndex == audio.index {
                decodeAudio(audio.decoder, packet: packet)
                packet.unref()
            } else {
                packet.unref()
            }
            core.publishEvents()
        }
    }

    /// Returns at once while a queue holds less than the read-ahead; once both are full, sleeps
    /// until one falls below the refill mark, so reading goes in bursts rather than one packet
    /// per wake-up. Returns false when the session closed.
    private func waitForRoom() -> Bool {
        core.locked {
            var mark = SessionCore.readAhead
            while !core.isClosed {
                let now = core.systemClock.now()
                core.advanceLocked(now: now)
                core.startIfReadyLocked(now: now)
                if core.phase == .playing { reachedPlaying = true }
                if core.demuxerHasRoom(below: mark) { return true }
                mark = SessionCore.refillMark
                core.demuxerSleep(for: .room, until: core.demuxerRoomDeadline(now: now))
            }
            return false
        }
    }

    /// A device that has no data yet (EAGAIN) delivers on real time: sleep a few milliseconds on
    /// the demuxer's condition, which a close signals, so closing never waits for the device.
    private func waitForDeviceData() {
        core.locked {
            guard !core.isClosed else { return }
            core.demuxerWait = .deviceData
            core.demuxerWake.wait(until: MonotonicTime.seconds() + 0.005)
            core.demuxerWait = .none
        }
    }

    /// Decodes one audio packet (nil: drain the decoder) into the ring.
    private func decodeAudio(_ decoder: Decoder, packet: Packet?) {
        let frame = Frame()
        do {
            if try decoder.send(packet) == .again { return }
        } catch {
            core.locked { core.counters.corruptPackets += 1 }
            return
        }
        while true {
            let step: FFmpegStep
            do { step = try decoder.receive(into: frame) } catch {
                core.locked { core.counters.corruptPackets += 1 }
                return
            }
            guard step == .done else { return }
            let pts = frame.seconds(in: decoder.timeBase)
            do {
                try resampler.convert(frame, framePts: pts) { samples, count, start in
                    guard count > 0 else { return }
                    core.locked {
                        let at = core.audioPts(start)
                        core.ring.push(samples, frames: count, pts: at)
                        core.lastAudioEnd = at + Double(count) / Double(core.ring.rate)
                        core.counters.audioFrames += count
                        core.startIfReadyLocked(now: core.systemClock.now())
                    }
                }
            } catch {
                core.locked { core.counters.corruptPackets += 1 }
            }
            frame.unref()
        }
    }

    /// Drains the decoders, then waits until everything queued has been played.
    private func finish(after end: End) -> End {
        if let audio { decodeAudio(audio.decoder, packet: nil) }
        core.locked {
            core.audioDrained = true
            core.videoPackets.push(.endOfStream)
            core.wakeVideo(for: .packet)
        }
        let drained: Bool = core.locked {
            while !core.isClosed {
                let now = core.systemClock.now()
                core.startIfReadyLocked(now: now)
                if core.phase == .playing { reachedPlaying = true }
                core.advanceLocked(now: now)
                if core.isDrained { return true }
                core.demuxerSleep(for: .drain, until: core.drainDeadline(now: now))
            }
            return false
        }
        guard drained else { return .closed }
        let nothingDecoded = core.locked { core.counters.decoded == 0 && core.counters.audioFrames == 0 }
        return end == .ended && nothingDecoded ? .failed(.streamFailed("nothing could be decoded")) : end
    }
}
