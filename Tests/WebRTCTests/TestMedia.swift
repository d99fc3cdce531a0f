import FFmpeg
import Foundation
import WebRTC
import XCTest

/// A camera and microphone for tests: a moving gradient and a sine tone pushed into a publisher
/// in real time on a thread of its own until stopped (or muted: silence).
final class TestMediaSource: @unchecked Sendable {
    let format = WebRTCPublisher.PictureFormat(width: 320, height: 240, frameRate: 30)
    let tone: Double
    private let lock = NSLock()
    private var running = true
    private var silent = false

    init(publisher: WebRTCPublisher, tone: Double = 440) {
        self.tone = tone
        Thread.detachNewThread { [self] in run(publisher) }
    }

    func stop() { lock.withLock { running = false } }
    func setSilent(_ value: Bool) { lock.withLock { silent = value } }

    private func run(_ publisher: WebRTCPublisher) {
        let layout = VideoFrame.Layout(width: format.width, height: format.height)
        let start = Date()
        var frames = 0, samples = 0
        while lock.withLock({ running }) {
            let elapsed = Date().timeIntervalSince(start)
            while Double(frames) / Double(format.frameRate) <= elapsed {
                publisher.push(picture: picture(layout, number: frames))
                frames += 1
            }
            let wanted = Int(elapsed * 48_000) + 480
            if wanted > samples {
                let silent = lock.withLock { self.silent }
                publisher.push(sound: (samples..<wanted).flatMap { index -> [Float] in
                    let value = silent ? 0 : Float(0.3 * sin(2 * .pi * tone * Double(index) / 48_000))
                    return [value, value]
                })
                samples = wanted
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
    }

    /// A diagonal gradient that moves two pixels a frame.
    private func picture(_ layout: VideoFrame.Layout, number: Int) -> VideoFrame {
        var storage = layout.black
        for row in 0..<layout.height {
            for column in 0..<layout.width {
                storage[row * layout.pitches.y + column] = UInt8(truncatingIfNeeded: 16 + (column + row + number * 2) % 200)
            }
        }
        return VideoFrame(layout: layout, storage: storage, pts: Double(number) / Double(format.frameRate), serial: number)
    }
}

/// What a subscriber received, per stream id: pictures (their luma sums, to see them move) and
/// the newest second of sound.
final class ReceivedMedia: @unchecked Sendable {
    private let lock = NSLock()
    private var lumaSums: [String: [Int]] = [:]
    private var sizes: [String: (Int, Int)] = [:]
    private var sound: [String: [Float]] = [:]

    func picture(mid: String, frame: VideoFrame) {
        var sum = 0
        frame.withPlanes { y, _, _ in
            for row in stride(from: 0, to: frame.height, by: 8) {
                for column in stride(from: 0, to: frame.width, by: 8) { sum += Int(y[row * frame.pitches.y + column]) * (column + 1) }
            }
        }
        lock.withLock {
            lumaSums[mid, default: []].append(sum)
            sizes[mid] = (frame.width, frame.height)
        }
    }

    func sound(mid: String, samples: [Float]) {
        lock.withLock { sound[mid] = Array((sound[mid, default: []] + samples).suffix(96_000)) }
    }

    /// How many different pictures stream `mid` showed among its last 30.
    func distinctPictures(_ mid: String? = nil) -> Int {
        lock.withLock { Set((mid.map { lumaSums[$0] ?? [] } ?? lumaSums.values.first ?? []).suffix(30)).count }
    }

    /// The size of `mid`'s newest picture.
    func size(_ mid: String) -> (Int, Int)? { lock.withLock { sizes[mid] } }

    /// The root-mean-square level of the newest second of `mid`'s sound (0 before any).
    func level(_ mid: String) -> Double {
        let samples = lock.withLock { sound[mid, default: []] }
        guard !samples.isEmpty else { return 0 }
        return sqrt(samples.reduce(0) { $0 + Double($1) * Double($1) } / Double(samples.count))
    }

    /// The root-mean-square level of the left channel's newest 0.1 s at `frequency` (Goertzel),
    /// 0 for silence, about 0.21 for the test's tone.
    func toneLevel(_ mid: String, frequency: Double = 440) -> Double {
        let left = lock.withLock { sound[mid, default: []] }.enumerated().filter { $0.offset % 2 == 0 }.map(\.element).suffix(4_800)
        guard left.count == 4_800 else { return 0 }
        let coefficient = 2 * cos(2 * .pi * frequency / 48_000)
        var (previous, beforePrevious) = (0.0, 0.0)
        for sample in left {
            (previous, beforePrevious) = (Double(sample) + coefficient * previous - beforePrevious, previous)
        }
        let power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious
        return sqrt(2 * power) / Double(left.count) / sqrt(2)
    }
}

extension XCTestCase {
    /// Throws XCTSkip outside the WebRTC tests' network namespace (`make test-web` makes it):
    /// nothing may reach the machine's own interfaces.
    func requireTestNetwork() throws {
        let interfaces = (try? String(contentsOfFile: "/proc/self/net/dev", encoding: .utf8)) ?? ""
        guard interfaces.contains(" v0:") else {
            throw XCTSkip("WebRTC tests run inside their own network namespace: make test-web")
        }
    }
}
