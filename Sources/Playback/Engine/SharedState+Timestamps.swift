/// Damaged timestamps and stalled pictures (D6).
///
/// A corrupt packet can carry a timestamp seconds or hours away from its neighbours. Trusted,
/// such a picture sits at the head of the frame queue and is never due, or such audio moves the
/// clock and every picture counts as late: the picture freezes while the status says playing.
/// A jump in one stream that the other stream does not share is taken for damage and the
/// timestamp continues its stream instead; a jump both streams share (a real discontinuity)
/// or a jump in a source with one stream is kept.
extension SharedState {
    /// Seconds a timestamp may move away from where its stream was before it counts as a jump.
    static let timestampJumpLimit = 1.5
    /// Seconds of media time without a new picture after which a playing player says Buffering.
    static let stallLimit = 0.4

    /// The time to give a decoded picture stamped `pts` (lock held): a missing or damaged stamp
    /// continues the stream one frame period after the previous picture.
    ///
    /// The frame period is the shortest spacing of the pictures' own stamps where that is
    /// shorter than the period the header claims: a damaged header can claim a period of seconds,
    /// and a stamp "continued" by it lands seconds ahead of the clock, where the picture is never
    /// due and holds back every picture queued behind it, while a stall limit of three such
    /// periods keeps the status at Playing. (The shortest, since a longer spacing may be
    /// pictures lost in between.)
    mutating func videoPts(_ pts: Double?) -> Double {
        let previous = lastDecodedVideoPts
        let expected = previous.map { $0 + videoFrameDuration }
        guard let pts else { return expected ?? 0 }
        guard let expected, isDamaged(pts, expected: expected, other: hasAudioStream ? lastAudioEnd : nil) else {
            if let previous, pts > previous { videoFrameDuration = min(videoFrameDuration, pts - previous) }
            return pts
        }
        counters.repairedTimestamps += 1
        return expected
    }

    /// The time to give decoded audio stamped `pts` (lock held).
    mutating func audioPts(_ pts: Double?) -> Double {
        let expected = lastAudioEnd
        guard let pts else { return expected ?? 0 }
        guard let expected, isDamaged(pts, expected: expected, other: hasVideoStream ? lastDecodedVideoPts : nil) else {
            return pts
        }
        counters.repairedTimestamps += 1
        return expected
    }

    /// True when `pts` jumped away from `expected` while the other stream (at `other`) did not.
    private func isDamaged(_ pts: Double, expected: Double, other: Double?) -> Bool {
        guard abs(pts - expected) > Self.timestampJumpLimit, let other else { return false }
        return abs(pts - other) > Self.timestampJumpLimit
    }

    /// True when the clock has passed everything decoded while the source goes on: both queues
    /// ran dry (a stalled or trickling network, a decoder starved of time). A clock left running
    /// would make every picture and sample that comes after it late, dropped one after another
    /// for as long as the stream lasts (lock held).
    func hasRunDry(time: Double) -> Bool {
        guard !audioDrained, frames.isEmpty, ring.count == 0 else { return false }
        let videoEnd = hasVideoStream ? lastDecodedVideoPts.map { $0 + videoFrameDuration } : nil
        let audioEnd = hasAudioStream ? lastAudioEnd : nil
        guard let newest = [videoEnd, audioEnd].compactMap({ $0 }).max() else { return false }
        return time > newest + Self.dueTolerance
    }

    /// Stops the clock where the queues ran dry and buffers again, as at the start of a
    /// connection: the status says Buffering, and the clock restarts at the first picture and
    /// samples that come, so nothing that arrives late is dropped for it (lock held).
    mutating func rebuffer(now: Double) {
        phase = .buffering
        clock.stop()
        counters.underruns += 1
        startIfReady(now: now)
    }

    /// Says Buffering while the clock runs on without a new picture for longer than a few frame
    /// periods, and Playing again once pictures come (lock held).
    mutating func noteVideoProgress(time: Double) {
        guard phase == .playing, hasVideoStream, demand.isShown, !awaitingKey, !videoDrained, let shown = current
        else { return }
        let limit = max(Self.stallLimit, 3 * videoFrameDuration)
        let stalled = time - shown.pts > limit
        if stalled && status == .playing {
            status = .buffering(percent: nil)
        } else if !stalled && status == .buffering(percent: nil) {
            status = .playing
        }
    }

    /// The time just after the newest decoded picture or sound (nil before any, per connection).
    var newestDecoded: Double? {
        let videoEnd = hasVideoStream ? lastDecodedVideoPts.map { $0 + videoFrameDuration } : nil
        let audioEnd = hasAudioStream ? lastAudioEnd : nil
        return [videoEnd, audioEnd].compactMap { $0 }.max()
    }

    /// How far the clock is behind ``newestDecoded`` (nil while stopped).
    mutating func behindNewest(now: Double) -> Double? {
        guard let newest = newestDecoded, let time = clock.time(now: now) else { return nil }
        return newest - time
    }
}
