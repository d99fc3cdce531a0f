import FFmpeg
import Foundation

extension Connection {
    /// The video thread: decodes queued packets, drops late pictures and queues the rest for
    /// presentation, converted to the output size. A hidden source's decoder decodes nothing:
    /// it holds its newest key frame undecoded and skips every other picture; shown again, it
    /// decodes the held key frame at once (the still picture shown until live video is back) and
    /// from then on every packet.
    func decodeVideo(_ decoder: Decoder, frameDuration: Double) {
        let frame = Frame()
        var loopFilter = LoopFilterMode.normal
        var keyOnly = false
        var skips = SkippedPictures()
        var held: Packet?
        while let (item, hidden) = nextVideoItem(timeBase: decoder, holding: held != nil) {
            if hidden != keyOnly {
                decoder.setKeyFramesOnly(hidden)
                keyOnly = hidden
            }
            guard let item else {
                // Shown again with a key frame held: it is decoded as the still shown at once,
                // with the loop filter as if hidden (a picture at most a second old).
                guard let key = held.take() else { continue }
                setLoopFilter(decoder, &loopFilter, hidden: true)
                guard decodeKey(key, decoder, frame, &skips, frameDuration, held: true) else { return }
                continue
            }
            let packet: Packet?
            switch item {
            case .packet(let queued, _): packet = queued
            case .endOfStream: packet = nil
            }
            if keyOnly, let packet {
                // Not sent to the decoder at all: it would only parse a non-key packet to skip
                // it, and a key frame is decoded only if the source is shown before the next.
                if packet.isKey { hold(packet, decoder, &held) } else { skip(packet, decoder, &skips) }
                continue
            }
            setLoopFilter(decoder, &loopFilter, hidden: false)
            guard decode(packet, decoder, frame, &skips, frameDuration) else { return }
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

    /// Holds a hidden source's key `packet` in place of the one held before (whose picture
    /// nobody saw): its time counts as the video decoded so far, so a source hidden from its
    /// start starts its clock and sound, and its announced size stands for its pictures' size.
    private func hold(_ packet: Packet, _ decoder: Decoder, _ held: inout Packet?) {
        held = packet
        let pts = packet.pts.map(decoder.seconds)
        let announced = decoder.announcedSize
        core.withLock { state in
            state.lastDecodedVideoPts = state.videoPts(pts)
            state.sourceSize = state.sourceSize ?? announced
            state.startIfReady(now: core.systemClock.now())
        }
    }

    /// Skips a hidden source's non-key `packet`: pictures after it wait for a clean key frame.
    private func skip(_ packet: Packet, _ decoder: Decoder, _ skips: inout SkippedPictures) {
        skips.note(packet.pts.map(decoder.seconds))
        core.withLock { $0.awaitingKey = true }
    }

    /// Decodes a key frame held while hidden. One that a decoder reordering pictures (B-frames)
    /// holds back is drained out at once: the decoder would otherwise keep it until later
    /// pictures push it out, which only the next key frames do, seconds later. The flush after
    /// the drain drops nothing that the skipped pictures left usable. A key frame that comes
    /// out by itself is not drained: the decoder keeps it as the reference the next pictures
    /// need when nothing after it was skipped. False when the thread must stop.
    private func decodeKey(_ key: Packet, _ decoder: Decoder, _ frame: Frame, _ skips: inout SkippedPictures,
                           _ frameDuration: Double, held: Bool) -> Bool {
        let decodedBefore = core.withLock { $0.counters.decoded }
        guard decode(key, decoder, frame, &skips, frameDuration, held: held) else { return false }
        guard core.withLock({ $0.counters.decoded }) == decodedBefore else { return true }
        guard decode(nil, decoder, frame, &skips, frameDuration, held: held) else { return false }
        decoder.flush()
        return true
    }

    /// Sets the loop filter the next packets are decoded with (see ``loopFilter(source:box:hidden:economy:)``).
    private func setLoopFilter(_ decoder: Decoder, _ current: inout LoopFilterMode, hidden: Bool) {
        let announced = decoder.announcedSize
        let wanted = core.withLock { state in
            Self.loopFilter(source: state.sourceSize ?? announced, box: state.outputBox, covering: state.demand.covers,
                            hidden: hidden || state.demand == .hidden, economy: core.options.decodeEconomy)
        }
        if wanted != current {
            decoder.setLoopFilter(wanted)
            current = wanted
        }
    }

    /// Takes and presents every picture the decoder has ready; returns false when the thread must stop.
    private func receiveAll(_ decoder: Decoder, into frame: Frame, skips: inout SkippedPictures,
                            frameDuration: Double, held: Bool) -> Bool {
        while true {
            let step: FFmpegStep
            do { step = try decoder.receive(into: frame) } catch {
                core.withLock { $0.counters.corruptPackets += 1 }
                return true
            }
            guard step == .done else { return true }
            let clean = frame.isKey && skips.allBefore(frame.seconds(in: decoder.timeBase))
            if clean { skips = SkippedPictures() }
            let keepGoing = present(frame, clean: clean, held: held, decoder: decoder, frameDuration: frameDuration)
            frame.unref()
            if !keepGoing { return false }
        }
    }

    /// Sends `packet` (nil: drain) to the decoder and handles every picture it gives back
    /// (`held`: the pictures of a key frame held while hidden); false when the thread must stop.
    private func decode(_ packet: Packet?, _ decoder: Decoder, _ frame: Frame,
                        _ skips: inout SkippedPictures, _ frameDuration: Double, held: Bool = false) -> Bool {
        do {
            _ = try decoder.send(packet)
        } catch {
            core.withLock { $0.counters.corruptPackets += 1 }
        }
        return receiveAll(decoder, into: frame, skips: &skips, frameDuration: frameDuration, held: held)
    }

    /// The next packet, and whether the source is hidden as it is decoded. A hidden source's
    /// packets are taken no further than the read-ahead before the clock: its decoder skips
    /// most of them at once, and racing through them would leave nothing to decode in full
    /// when it is shown again. Its non-key packets, which are only skipped, are taken in
    /// batches: once the oldest is ``hiddenBatch`` inside the read-ahead, every one within it
    /// goes in one turn, so a hidden source's thread wakes a few times a second, not once a
    /// picture; a key packet is still taken as soon as it is within the read-ahead.
    /// A nil item: the source is shown again while `holding` a key frame, to decode at once.
    private func nextVideoItem(timeBase: Decoder, holding: Bool) -> (PacketQueue.Item?, hidden: Bool)? {
        core.lockedLoop { state in
            guard !state.videoMustStop(closed: core.isClosed) else { return .done(nil) }
            if holding, state.demand != .hidden { return .done((nil, false)) }
            guard let head = state.videoPackets.first else { return .sleep(.video(.packet), until: nil) }
            let hidden = state.demand == .hidden
            if hidden, case .packet(let packet, _) = head, let pts = packet.pts.map(timeBase.seconds) {
                let now = core.systemClock.now()
                if let time = state.advance(now: now), pts > time + SharedState.readAhead {
                    var due = pts - SharedState.readAhead
                    if !packet.isKey {
                        due += Self.hiddenBatch
                        if let key = state.videoPackets.firstKeyPts.map(timeBase.seconds) {
                            due = min(due, key - SharedState.readAhead)
                        }
                    }
                    if due > time {
                        return .sleep(.video(.picture), until: now + (due - time))
                    }
                }
            }
            guard let item = state.videoPackets.pop() else { return .sleep(.video(.packet), until: nil) }
            state.wakeDemuxerIfReady()
            return .done((item, hidden))
        }
    }

    /// How far inside the read-ahead a hidden source's oldest non-key packet comes before the
    /// video thread takes every non-key packet within the read-ahead in one turn.
    static let hiddenBatch = 0.25

    /// What to do with a decoded picture.
    private enum Decision { case drop, queue(width: Int, height: Int, serial: Int, still: Bool), stop }

    /// Handles one decoded picture (`clean`: a key frame after every picture the decoder
    /// skipped; `held`: one held while hidden, shown even if the clock passed it); returns
    /// false when the thread must stop.
    private func present(_ frame: Frame, clean: Bool, held: Bool, decoder: Decoder, frameDuration: Double) -> Bool {
        let pts = core.withLock { $0.videoPts(frame.seconds(in: decoder.timeBase)) }
        let duration = frame.durationSeconds(in: decoder.timeBase) ?? frameDuration
        let displayWidth = max(2, Int((Double(frame.width) * frame.sampleAspect).rounded()))
        let isKey = frame.isKey
        core.withLock { state in
            state.counters.decoded += 1
            if !isKey { state.counters.nonKeyDecoded += 1 }
            if clean { state.awaitingKey = false }
            state.lastDecodedVideoPts = pts
            state.sourceSize = (displayWidth, frame.height)
        }
        let decision = core.lockedLoop { state in
            decide(&state, pts: pts, duration: duration, key: isKey, held: held, source: (displayWidth, frame.height))
        }
        switch decision {
        case .stop: return false
        case .drop: return true
        case .queue(let width, let height, let serial, let still):
            let economy = frame.loopFilter == .skipped
            let layout = VideoFrame.Layout(width: width, height: height)
            let picture = core.options.scaling == .onScreen
                ? core.converter.decodedPicture(from: frame, layout: layout, pts: pts, serial: serial, isStill: still)
                : core.converter.picture(from: frame, layout: layout, pts: pts, serial: serial, isStill: still)
            queue(picture, economy: economy)
            return true
        }
    }

    /// One step of waiting until the picture at `pts` can be queued or must be dropped: late
    /// pictures are dropped, a full queue or a picture not to be shown waits for the clock.
    /// A source shown again shows no new picture but key frames (the one held while hidden
    /// first), as still ones, until its first clean key frame.
    private func decide(_ state: inout SharedState, pts: Double, duration: Double, key: Bool, held: Bool,
                        source: (width: Int, height: Int)) -> PlayerCore.LoopStep<Decision> {
        if state.videoMustStop(closed: core.isClosed) { return .done(.stop) }
        let now = core.systemClock.now()
        // A key frame held while hidden is the newest picture there is, however old.
        if !held, let time = state.advance(now: now), pts + duration < time {
            if pts < time - 2, !state.clock.isAudioDriven(now: now) {
                state.clock.start(at: pts, now: now)
                state.frameWakePending = true
            } else {
                state.counters.dropped += 1
                return .done(.drop)
            }
        }
        let hidden = state.demand == .hidden
        let notLive = hidden || state.awaitingKey
        let still = notLive && key && (!hidden || state.lastStillPts.map { pts - $0 >= 1 || pts < $0 } ?? true)
        if notLive && !still {
            // Decode no further than a little ahead of the clock; the picture is dropped
            // once the clock comes within 0.1 s of it.
            state.startIfReady(now: now)
            guard let time = state.advance(now: now), pts > time + 0.1 else { return .done(.drop) }
            return .sleep(.video(.picture), until: now + (pts - 0.1 - time) + SharedState.dueTolerance)
        }
        // A renderer that scales on the GPU takes the picture as decoded.
        let size = Self.outputSize(source: source, box: core.options.scaling == .onScreen ? nil : state.outputBox,
                                   covering: state.demand.covers)
        state.videoQueueCapacity = SharedState.videoQueueCapacity(pictureBytes: VideoFrame.Layout(width: size.width, height: size.height).byteCount)
        if state.frames.count >= state.videoQueueCapacity {
            state.videoRefilling = false
        } else if state.frames.count <= SharedState.videoRefillMark {
            state.videoRefilling = true
        }
        if state.videoRefilling {
            state.nextSerial += 1
            if still { state.lastStillPts = pts }
            return .done(.queue(width: size.width, height: size.height, serial: state.nextSerial, still: still))
        }
        // The queue is full: presenting frames until it is down to the refill mark wakes this
        // thread (see ``SharedState/videoRefillMark``).
        state.startIfReady(now: now)
        let refillAt = max(0, state.frames.count - SharedState.videoRefillMark - 1)
        return .sleep(.video(.picture),
                      until: state.nextFrameDelay(now: now, index: refillAt).map { now + $0 + SharedState.fallbackGrace })
    }

    /// Queues a picture for presentation.
    private func queue(_ picture: VideoFrame, economy: Bool) {
        core.withLock { state in
            // The app is told of a picture it may show next; a hidden source's still waits
            // until it is shown (the app peeks it then), so it wakes nobody.
            if state.frames.isEmpty && state.phase == .playing && state.demand.isShown { state.frameWakePending = true }
            // Counted with `queued`, after the conversion, so that no reading of the counters
            // sees a still that is not queued yet.
            state.counters.queued += 1
            if picture.isStill { state.counters.stills += 1 }
            if economy { state.counters.economyFrames += 1 }
            state.frames.append(picture)
            state.startup.stamp(.decoded)
            state.startIfReady(now: core.systemClock.now())
        }
        core.publishEvents()
    }

    /// The loop filter for the next packets: skipped while pictures are converted to at most half
    /// the source's width and height (the float, a call's tiles), where the picture stays within
    /// 41.6 dB (worst frame; 47.6 dB mean) of a full-quality decode scaled alike on the clips of
    /// `bench/loopfilter.py`, and while the source is hidden (its key frames are still pictures
    /// at most a second old, for a view that shows them small); run again as soon as the output
    /// grows. What the skip left in the references lasts until the next key frame, within
    /// 41.4 dB of full quality at full size. `source` is the decoded pictures' size, or the
    /// stream's announced one before the first; nothing is skipped when neither is known.
    static func loopFilter(source: (width: Int, height: Int)?, box: (width: Int, height: Int)?, covering: Bool = false,
                           hidden: Bool, economy: PlaybackOptions.DecodeEconomy) -> LoopFilterMode {
        guard economy == .automatic, let source else { return .normal }
        if hidden { return .skipped }
        let output = outputSize(source: source, box: box, covering: covering)
        return output.width * 2 <= source.width && output.height * 2 <= source.height ? .skipped : .normal
    }

    /// The largest even size with the source's aspect that fits `box` without upscaling; with
    /// `covering`, the smallest that covers it (one side the box's, rounded up to even, the
    /// other beyond it), so that a tile crops the picture and draws it as converted: a tile
    /// that scaled a fitting picture up by a few pixels took SDL's per-pixel scaling blit, a
    /// fifth of a 16-person call's main thread, and doubled rows and columns on the screen.
    static func outputSize(source: (width: Int, height: Int), box: (width: Int, height: Int)?,
                           covering: Bool = false) -> (width: Int, height: Int) {
        guard let box, box.width > 0, box.height > 0 else { return (max(2, source.width & ~1), max(2, source.height & ~1)) }
        let sx = Double(box.width) / Double(source.width), sy = Double(box.height) / Double(source.height)
        let scale = min(1, covering ? max(sx, sy) : min(sx, sy))
        func side(_ length: Int) -> Int {
            let scaled = Double(length) * scale
            return max(2, min(length, covering ? (Int((scaled - 1e-9).rounded(.up)) + 1) & ~1 : Int(scaled)) & ~1)
        }
        return (side(source.width), side(source.height))
    }
}
