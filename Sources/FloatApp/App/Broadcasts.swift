import AppCore
import Broadcast
import Foundation
import Playback
import Rooms

/// The host room's running publisher (W2): started on worker threads by `Publisher`, stopped
/// off the main thread so a slow server never stalls the loop. Each status change and each new
/// preview picture posts an SDL event, so the loop polls the new figures and shows the picture
/// at once (left to the loop's idle poll, the preview ran at about 10 fps and up to 0.1 s late).
@MainActor
final class Broadcasts {
    private(set) var publishers: [RoomID: Publisher] = [:]
    /// What a status change or a preview picture calls to wake the loop.
    let waker: LoopWaker

    init(waker: LoopWaker) {
        self.waker = waker
    }

    /// Goes live: captures `source` and publishes it as `broadcast` says.
    func start(_ id: RoomID, source: String, broadcast: Broadcast) {
        stop(id)
        var options = PublishOptions()
        options.videoBitrate = broadcast.videoBitrate
        let waker = self.waker
        publishers[id] = Publisher(source: source, url: broadcast.publishURL, options: options,
                                   onStatusChange: { _ in waker.wake() }, onPreview: { waker.wake() })
    }

    /// Ends a broadcast on a thread of its own: the main thread never waits for the server.
    func stop(_ id: RoomID) {
        guard let publisher = publishers.removeValue(forKey: id) else { return }
        let thread = Thread { publisher.stop() }
        thread.name = "floatapp.publish.stop"
        thread.start()
    }

    /// Ends every broadcast and waits for each (the app is quitting; the server must see them end).
    func stopAll() {
        for publisher in publishers.values { publisher.stop() }
        publishers = [:]
    }

    /// A publisher's figures in the app core's terms.
    static func report(_ stats: PublishStats) -> BroadcastReport {
        let phase: BroadcastReport.Phase = switch stats.status {
        case .connecting: .connecting
        case .live: .live
        case .reconnecting(let attempt, let wait): .reconnecting(attempt: attempt, nextTryIn: wait)
        case .failed(let failure): .failed(Self.failure(failure))
        case .stopped: .stopped
        }
        return BroadcastReport(phase: phase, liveSeconds: stats.liveSeconds, bitsPerSecond: stats.bitsPerSecond,
                               droppedFrames: stats.droppedFrames)
    }

    /// Why a publisher gave up, in the app core's terms (which word it).
    static func failure(_ failure: PublishFailure) -> BroadcastFailure {
        switch failure {
        case .capture(.refusedSource(let why)): .refusedSource("\(why)")
        case .capture(.openFailed(let why)), .capture(.decoderFailed(let why)), .capture(.streamFailed(let why)):
            .captureFailed(why)
        case .capture(.noPlayableStream): .nothingToCapture
        case .server(let url, let reason): .serverFailed(url: url, reason: reason)
        }
    }
}
