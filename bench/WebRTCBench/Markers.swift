import FFmpeg
import Foundation
import WebRTC

/// A camera and microphone that mark every two seconds: a white picture and a 1 kHz burst start
/// together, on black and silence otherwise (two seconds, so that no delay under two seconds is
/// taken for a shorter one). Pushes in real time and keeps when each mark was pushed.
final class MarkedSource: @unchecked Sendable {
    static let width = 640, height = 360, frameRate = 30
    private let lock = NSLock()
    private var running = true
    private var pictureMarks: [Double] = [], soundMarks: [Double] = []

    init(publisher: WebRTCPublisher) {
        Thread.detachNewThread { [self] in run(publisher) }
    }

    func stop() { lock.withLock { running = false } }
    /// When each white picture and each burst's first sample were pushed.
    var marks: (pictures: [Double], sounds: [Double]) { lock.withLock { (pictureMarks, soundMarks) } }

    private func run(_ publisher: WebRTCPublisher) {
        let layout = VideoFrame.Layout(width: Self.width, height: Self.height)
        let black = layout.black
        var white = black
        for index in 0..<layout.offsets.u { white[index] = 235 }
        let start = now()
        var frames = 0, samples = 0
        while lock.withLock({ running }) {
            let elapsed = now() - start
            while Double(frames) / Double(Self.frameRate) <= elapsed {
                let lit = frames % (2 * Self.frameRate) < 3
                publisher.push(picture: VideoFrame(layout: layout, storage: lit ? white : black,
                                                   pts: Double(frames) / Double(Self.frameRate), serial: frames))
                if frames % (2 * Self.frameRate) == 0 { lock.withLock { pictureMarks.append(now()) } }
                frames += 1
            }
            let wanted = Int(elapsed * 48_000)
            if wanted > samples {
                if (samples..<wanted).contains(where: { $0 % 96_000 == 0 }) { lock.withLock { soundMarks.append(now()) } }
                publisher.push(sound: (samples..<wanted).flatMap { index -> [Float] in
                    let value: Float = index % 96_000 < 960 ? Float(0.5 * sin(2 * .pi * 1_000 * Double(index) / 48_000)) : 0
                    return [value, value]
                })
                samples = wanted
            }
            Thread.sleep(forTimeInterval: 0.002)
        }
    }
}

/// When a subscriber's picture turned white and its sound loud, each time after dark and quiet.
final class MarkDetector: @unchecked Sendable {
    private let lock = NSLock()
    private var lit = false, loud = false
    private var quietSamples = 0
    private(set) var pictureTimes: [Double] = []
    private(set) var soundTimes: [Double] = []

    func picture(_ frame: VideoFrame) {
        let luma = frame.storage[frame.planeOffsets.y + (frame.height / 2) * frame.pitches.y + frame.width / 2]
        lock.withLock {
            if luma > 128, !lit { pictureTimes.append(now()) }
            lit = luma > 128
        }
    }

    /// A block of sound arrives at once: a burst starting `k` samples into it began k/48000 s
    /// before the block's end was decoded.
    func sound(_ samples: [Float]) {
        let arrived = now()
        let frames = samples.count / 2
        lock.withLock {
            for index in 0..<frames {
                let value = abs(samples[index * 2])
                if value > 0.1 {
                    if !loud, quietSamples > 24_000 {
                        soundTimes.append(arrived - Double(frames - index) / 48_000)
                    }
                    loud = true
                    quietSamples = 0
                } else {
                    quietSamples += 1
                    if quietSamples > 480 { loud = false }
                }
            }
        }
    }

    var times: (pictures: [Double], sounds: [Double]) { lock.withLock { (pictureTimes, soundTimes) } }
}

/// Monotonic seconds.
func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Each arrival's delay after the latest mark before it (arrivals 2 s or more after every mark are dropped).
func delays(marks: [Double], arrivals: [Double]) -> [Double] {
    arrivals.compactMap { arrival in
        marks.last { $0 <= arrival }.map { arrival - $0 }.flatMap { $0 < 2 ? $0 : nil }
    }
}

/// The median of `values` (0 for none).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}
