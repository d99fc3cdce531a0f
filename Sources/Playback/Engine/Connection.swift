import EngineTerms
import FFmpeg
import Foundation
import LocksAndThreads
import Rooms

/// One open of a source: the demuxer (on the player's worker thread, which also decodes audio)
/// and a video thread that decodes and converts pictures.
///
/// `@unchecked Sendable`: it owns FFmpeg contexts, which are not thread-safe, and each is used
/// by one thread only: the input, the audio decoder and the resampler by the worker thread, the
/// video decoder by the video thread. `reachedPlaying` is written and read by the worker alone.
final class Connection: @unchecked Sendable {
    /// How a connection ended.
    enum End: Equatable {
        /// The player was closed.
        case closed
        /// The source reached its end and everything queued was played.
        case ended
        /// Reading failed or nothing could be decoded.
        case failed(PlaybackError)
    }

    let core: PlayerCore
    private let input: InputContext
    private let video: (index: Int, decoder: Decoder, frameDuration: Double)?
    private let audio: (index: Int, decoder: Decoder)?
    private let resampler: Resampler
    /// For a live source with video: where its first picture is presented. A server starts a
    /// new player's video at the next keyframe, seconds after its sound, and the sound read
    /// meanwhile would hold back the first picture by as long; it is not played.
    private let liveVideoStart: Double?
    /// True once the clock ran on this connection (written on the worker thread only).
    private(set) var reachedPlaying = false

    init(core: PlayerCore, input: InputContext) throws(PlaybackError) {
        self.core = core
        self.input = input
        let videoStream = input.bestStream(.video)
        let audioStream = input.bestStream(.audio)
        guard videoStream != nil || audioStream != nil else { throw .noPlayableStream }
        let demand = core.withLock { $0.demand }
        let videoDecoder = try Self.openDecoder(videoStream, kind: "video") { Decoder.threadCount(forVideo: $0, demand: demand) }
        let audioDecoder = try Self.openDecoder(audioStream, kind: "audio", threads: { _ in 1 })
        video = videoStream.flatMap { found in videoDecoder.map { (found.index, $0, 1 / (found.frameRate ?? 30)) } }
        audio = audioStream.flatMap { found in audioDecoder.map { (found.index, $0) } }
        resampler = Resampler(outputRate: core.options.audioSampleRate, outputChannels: core.options.audioChannels)
        liveVideoStart = core.withLock { $0.isLive } && video != nil ? videoStream?.startSeconds : nil
    }

    /// A decoder for `stream`, nil without one; a codec that cannot be opened is an error the
    /// user reads, naming the stream and the codec.
    private static func openDecoder(_ stream: FFmpeg.InputStream?, kind: String,
                                     threads: (FFmpeg.InputStream) -> Int) throws(PlaybackError) -> Decoder? {
        guard let stream else { return nil }
        do {
            return try Decoder(stream: stream, threads: threads(stream))
        } catch {
            throw .decoderFailed(stream: kind, codec: stream.codecName, reason: error.message)
        }
    }

    /// Plays the source until it ends, fails or the player closes.
    func run() -> End {
        core.withLock { state in
            state.resetForConnection()
            state.hasVideoStream = video != nil
            state.hasAudioStream = audio != nil
            state.videoFrameDuration = video?.frameDuration ?? state.videoFrameDuration
            state.phase = .buffering
            state.title = input.metadataValue("title") ?? state.title
        }
        let videoThread = video == nil ? nil : ResultThread(name: "floatapp.video") { [self] in
            if let video { decodeVideo(video.decoder, frameDuration: video.frameDuration) }
        }
        if videoThread == nil { core.withLock { $0.videoDrained = true } }
        let end = demux()
        core.withLock { state in
            state.videoStopping = true
            state.videoWake.signal()
        }
        videoThread?.result()
        return end
    }

    // MARK: Demuxing (worker thread)

    private func demux() -> End {
        let packet = Packet()
        var joining = liveVideoStart != nil
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
            readCallSending()
            if let video, packet.streamIndex == video.index {
                let seconds = packet.duration > 0 ? video.decoder.seconds(packet.duration) : video.frameDuration
                let key = packet.isKey
                let item = PacketQueue.Item.packet(packet.takeData(), seconds: seconds)
                core.withLock { state in
                    if key { state.startup.stamp(.key) }
                    state.videoPackets.push(item)
                    state.wakeVideo(for: .packet)
                }
            } else if let audio, packet.streamIndex == audio.index {
                joining = joining && precedesLiveVideo(packet, decoder: audio.decoder)
                if !joining { decodeAudio(audio.decoder, packet: packet) }
                packet.unref()
            } else {
                packet.unref()
            }
            core.publishEvents()
        }
    }

    /// Takes what a call participant's stream metadata says of them, when it changed (W10).
    private func readCallSending() {
        guard let sending = CallSending(metadata: input.metadataValue) else { return }
        core.withLock { state in
            if state.callSending != sending { state.callSending = sending }
        }
    }

    /// True when the audio `packet` ends before a live source's first picture.
    private func precedesLiveVideo(_ packet: Packet, decoder: Decoder) -> Bool {
        guard let liveVideoStart, let pts = packet.pts else { return false }
        return decoder.seconds(pts + max(0, packet.duration)) <= liveVideoStart
    }

    /// Returns at once while a queue holds less than the read-ahead; once both are full, sleeps
    /// until one falls below the refill mark, so reading goes in bursts rather than one packet
    /// per wake-up. Returns false when the player closed.
    private func waitForRoom() -> Bool {
        var mark = SharedState.readAhead
        return core.lockedLoop { state in
            guard !core.isClosed else { return .done(false) }
            let now = core.systemClock.now()
            state.advance(now: now)
            state.startIfReady(now: now)
            if state.phase == .playing { reachedPlaying = true }
            if state.demuxerHasRoom(below: mark) { return .done(true) }
            mark = SharedState.refillMark
            return .sleep(.demuxer(.room), until: state.demuxerRoomDeadline(now: now))
        }
    }

    /// A device that has no data yet (EAGAIN) delivers on real time: sleep a few milliseconds on
    /// the demuxer's condition, which a close signals, so closing never waits for the device.
    private func waitForDeviceData() {
        var slept = false
        core.lockedLoop { _ in
            guard !slept, !core.isClosed else { return .done(()) }
            slept = true
            return .sleep(.device, until: MonotonicTime.seconds() + 0.005)
        }
    }

    /// Decodes one audio packet (nil: drain the decoder) into the ring.
    private func decodeAudio(_ decoder: Decoder, packet: Packet?) {
        let frame = Frame()
        do {
            if try decoder.send(packet) == .again { return }
        } catch {
            core.withLock { $0.counters.corruptPackets += 1 }
            return
        }
        while true {
            let step: FFmpegStep
            do { step = try decoder.receive(into: frame) } catch {
                core.withLock { $0.counters.corruptPackets += 1 }
                return
            }
            guard step == .done else { return }
            let pts = frame.seconds(in: decoder.timeBase)
            do {
                try resampler.convert(frame, framePts: pts) { samples, count, start in
                    guard count > 0 else { return }
                    core.withLock { state in
                        let at = state.audioPts(start)
                        state.ring.push(samples, frames: count, pts: at)
                        state.lastAudioEnd = at + Double(count) / Double(state.ring.rate)
                        state.counters.audioFrames += count
                        state.startIfReady(now: core.systemClock.now())
                    }
                }
            } catch {
                core.withLock { $0.counters.corruptPackets += 1 }
            }
            frame.unref()
        }
    }

    /// Drains the decoders, then waits until everything queued has been played.
    private func finish(after end: End) -> End {
        if let audio { decodeAudio(audio.decoder, packet: nil) }
        core.withLock { state in
            state.audioDrained = true
            state.videoPackets.push(.endOfStream)
            state.wakeVideo(for: .packet)
        }
        let drained: Bool = core.lockedLoop { state in
            guard !core.isClosed else { return .done(false) }
            let now = core.systemClock.now()
            state.startIfReady(now: now)
            if state.phase == .playing { reachedPlaying = true }
            state.advance(now: now)
            if state.isDrained { return .done(true) }
            return .sleep(.demuxer(.drain), until: state.drainDeadline(now: now))
        }
        guard drained else { return .closed }
        let nothingDecoded = core.withLock { $0.counters.decoded == 0 && $0.counters.audioFrames == 0 }
        return end == .ended && nothingDecoded ? .failed(.nothingDecoded) : end
    }
}
