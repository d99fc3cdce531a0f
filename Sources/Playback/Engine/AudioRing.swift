import PictureAndSoundMath

/// A bounded ring of interleaved Float32 samples with their presentation times.
///
/// Samples are counted in frames (one sample per channel). Each pushed chunk leaves an anchor
/// (its first frame's position and time), so the time of any frame can be recovered across gaps.
/// Nothing here allocates after `init`.
struct AudioRing {
    private struct Anchor { var position: Int64; var pts: Double }

    let rate: Int
    let channels: Int
    let capacityFrames: Int
    private var samples: [Float]
    private var anchors: [Anchor] = []
    private let anchorCapacity = 1024
    /// Absolute position of the oldest buffered frame.
    private(set) var headPosition: Int64 = 0
    /// Buffered frame count.
    private(set) var count = 0
    private var readIndex = 0

    init(rate: Int, channels: Int, seconds: Double) {
        self.rate = rate
        self.channels = channels
        capacityFrames = Int(Double(rate) * seconds)
        samples = [Float](repeating: 0, count: capacityFrames * channels)
        anchors.reserveCapacity(anchorCapacity)
    }

    /// Buffered duration in seconds.
    var duration: Double { Double(count) / Double(rate) }

    /// The time of the oldest buffered frame.
    var headPts: Double? { count == 0 ? nil : pts(at: headPosition) }

    /// The time just after the newest buffered frame.
    var endPts: Double? { count == 0 ? nil : pts(at: headPosition + Int64(count)) }

    /// The time of the frame that becomes the oldest once the oldest `frames` are dropped (nil
    /// when none would be left).
    func headPts(afterDropping frames: Int) -> Double? {
        frames < count ? pts(at: headPosition + Int64(max(0, frames))) : nil
    }

    private func pts(at position: Int64) -> Double? {
        guard let anchor = anchors.last(where: { $0.position <= position }) ?? anchors.first else { return nil }
        return anchor.pts + Double(position - anchor.position) / Double(rate)
    }

    /// Appends `frames` frames starting at time `pts`; the oldest frames make room when full.
    mutating func push(_ interleaved: UnsafeBufferPointer<Float>, frames: Int, pts: Double) {
        let frames = min(frames, capacityFrames)
        if count + frames > capacityFrames { drop(count + frames - capacityFrames) }
        let position = headPosition + Int64(count)
        if anchors.count == anchorCapacity { anchors.removeFirst() }
        anchors.append(Anchor(position: position, pts: pts))
        let total = capacityFrames * channels
        let writeIndex = (readIndex + count * channels) % total
        let length = frames * channels
        // At most two contiguous runs: up to the ring's end, then from its start.
        let first = min(length, total - writeIndex)
        samples.withUnsafeMutableBufferPointer { ring in
            guard let base = ring.baseAddress, let source = interleaved.baseAddress else { return }
            (base + writeIndex).update(from: source, count: first)
            base.update(from: source + first, count: length - first)
        }
        count += frames
    }

    /// Removes up to `frames` oldest frames, adding `gain` times each sample into `output`
    /// (when given) and returning the sum of the squares of the raw samples removed.
    @discardableResult
    mutating func take(_ frames: Int, into output: UnsafeMutablePointer<Float>?, gain: Float) -> Float {
        let frames = min(frames, count)
        let total = capacityFrames * channels
        let length = frames * channels
        let first = min(length, total - readIndex)
        var squares: Float = 0
        samples.withUnsafeBufferPointer { ring in
            guard let base = ring.baseAddress else { return }
            // At most two contiguous runs: up to the ring's end, then from its start.
            squares = SoundSamples.mix(base + readIndex, count: first, into: output, gain: gain)
                + SoundSamples.mix(base, count: length - first, into: output.map { $0 + first }, gain: gain)
        }
        readIndex = (readIndex + length) % total
        advanceHead(by: frames)
        return squares
    }

    /// Drops the oldest `frames` frames.
    mutating func drop(_ frames: Int) {
        let frames = min(frames, count)
        readIndex = (readIndex + frames * channels) % (capacityFrames * channels)
        advanceHead(by: frames)
    }

    /// The oldest buffered frames stamped before time `pts`, counted anchor by anchor, so
    /// frames after a gap in the stamps are not counted for the gap's length.
    func frames(before pts: Double) -> Int {
        guard count > 0 else { return 0 }
        let end = headPosition + Int64(count)
        var position = headPosition
        var index = anchors.lastIndex { $0.position <= headPosition } ?? 0
        while position < end {
            let next = index + 1 < anchors.count ? min(end, anchors[index + 1].position) : end
            let start = anchors.isEmpty ? 0 : anchors[index].pts + Double(position - anchors[index].position) / Double(rate)
            let due = Int64(max(0, min(Double(next - position), ((pts - start) * Double(rate)).rounded(.down))))
            position += due
            if position < next || index + 1 >= anchors.count { break }
            index += 1
        }
        return Int(position - headPosition)
    }

    /// Empties the ring.
    mutating func clear() {
        drop(count)
        anchors.removeAll(keepingCapacity: true)
    }

    private mutating func advanceHead(by frames: Int) {
        count -= frames
        headPosition += Int64(frames)
        while anchors.count > 1 && anchors[1].position <= headPosition { anchors.removeFirst() }
    }
}
