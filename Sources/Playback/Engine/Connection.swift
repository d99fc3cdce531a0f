import CFFmpeg
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
        video = input.bestStream(AVMEDIA_TYPE_VIDEO).flatMap { found in
            (try? Decoder(stream: found.stream, threads: 2)).map {
                (found.index, $0, 1 / (Decoder.frameRate(of: found.stream) ?? 30))
            }
        }
        audio = input.bestStream(AVMEDIA_TYPE_AUDIO).flatMap { found in
            (try? Decoder(stream: found.stream, threads: 1)).map { (found.index, $0) }
        }
        resampler = Resampler(outputRate: core.options.audioSampleRate, outputChannels: core.options.audioChannels)
        guard video != nil || audio != nil else { throw .noPlayableStream }
    }

    /// Plays the source until it ends, fails or the session closes.
    func run() -> End {
        core.locked {
            core.resetForConnectionLocked()
            core.hasVideoStream = video != nil
            core.hasAudioStream = audio != nil
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
            core.condition.broadcast()
        }
        if video != nil { videoDone.wait() }
        return end
    }

    // MARK: Demuxing (worker thread)

    private func demux() -> End {
        let packet = Packet()
        var decodedAnything = false
        while true {
            guard waitForRoom() else { return .closed }
            let step: FFmpegStep
            do {
                step = try input.read(into: packet)
            } catch {
                if core.isClosed { return .closed }
                return finish(after: .failed(.streamFailed(error.message)), decodedAnything: true)
            }
            switch step {
            case .again:
                Thread.sleep(forTimeInterval: 0.002)
                continue
            case .endOfStream:
                return finish(after: .ended, decodedAnything: decodedAnything)
            case .done:
                break
            }
            if let video, packet.streamIndex == video.index {
                let seconds = packet.duration > 0
                    ? Double(packet.duration) * av_q2d(video.decoder.timeBase) : video.frameDuration
                let item = PacketQueue.Item.packet(packet.takeData(), seconds: seconds)
                core.locked {
                    core.videoPackets.push(item)
                    core.condition.broadcast()
                }
                decodedAnything = true
            } else if let audio, packet.streamIndex == audio.index {
                decodedAnything = decodeAudio(audio.decoder, packet: packet) || decodedAnything
                packet.unref()
            } else {
                packet.unref()
            }
            core.publishStatus()
        }
    }

    /// Waits while both the audio buffer and the compressed video queue are full enough.
    /// Returns false when the session closed.
    private func waitForRoom() -> Bool {
        core.locked {
            while !core.isClosed {
                let now = MonotonicTime.seconds()
                core.advanceLocked(now: now)
                core.startIfReadyLocked(now: now)
                if reachedPlaying == false && core.phase == .playing { reachedPlaying = true }
                let packets = core.videoPackets
                let videoEnough = video == nil || packets.seconds >= SessionCore.readAhead || packets.count >= 120
                let audioEnough = audio == nil || core.ring.duration >= SessionCore.readAhead
                let hardFull = packets.bytes >= 32 << 20 || packets.count >= 600
                    || core.ring.duration >= Double(core.ring.capacityFrames) / Double(core.ring.rate) - 0.3
                if !(videoEnough && audioEnough) && !hardFull { return true }
                core.waitLocked()
            }
            return false
        }
    }

    /// Decodes one audio packet into the ring; returns true when samples came out.
    private func decodeAudio(_ decoder: Decoder, packet: Packet?) -> Bool {
        let frame = Frame()
        var produced = false
        do {
            if try decoder.send(packet) == .again { return false }
        } catch {
            core.locked { core.counters.corruptPackets += 1 }
            return false
        }
        while true {
            let step: FFmpegStep
            do { step = try decoder.receive(into: frame) } catch {
                core.locked { core.counters.corruptPackets += 1 }
                return produced
            }
            guard step == .done else { return produced }
            let pts = frame.seconds(in: decoder.timeBase)
            do {
                try resampler.convert(frame, framePts: pts) { samples, count, start in
                    guard count > 0 else { return }
                    core.locked {
                        let at = start ?? core.ring.endPts ?? 0
                        core.ring.push(samples, frames: count, pts: at)
                        core.startIfReadyLocked(now: MonotonicTime.seconds())
                    }
                    produced = true
                }
            } catch {
                core.locked { core.counters.corruptPackets += 1 }
            }
            frame.unref()
        }
    }

    /// Drains the decoders, then waits until everything queued has been played.
    private func finish(after end: End, decodedAnything: Bool) -> End {
        if let audio { _ = decodeAudio(audio.decoder, packet: nil) }
        core.locked {
            core.audioDrained = true
            core.videoPackets.push(.endOfStream)
            core.condition.broadcast()
        }
        let drained: Bool = core.locked {
            while !core.isClosed {
                let now = MonotonicTime.seconds()
                core.startIfReadyLocked(now: now)
                if core.phase == .playing { reachedPlaying = true }
                core.advanceLocked(now: now)
                if core.videoDrained && core.frames.isEmpty && core.ring.count == 0 && core.phase == .playing {
                    return true
                }
                core.waitLocked()
            }
            return false
        }
        guard drained else { return .closed }
        let nothingPlayed = core.locked { core.counters.decoded == 0 && core.current == nil }
            && audio == nil
        if end == .ended && (nothingPlayed || !decodedAnything) {
            return .failed(.streamFailed("nothing could be decoded"))
        }
        return end
    }
}
