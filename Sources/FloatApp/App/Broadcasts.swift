import AppCore
import Broadcast
import Foundation
import LocksAndThreads
import Playback
import Rooms

/// The host room's running publisher (W9): started on worker threads by `Publisher`, stopped
/// off the main thread so a slow server never stalls the loop. Each status change and each new
/// preview picture posts an SDL event, so the loop polls the new figures and shows the picture
/// at once (left to the loop's idle poll, the preview ran at about 10 fps and up to 0.1 s late).
@MainActor
final class Broadcasts {
    private(set) var publishers: [RoomID: Publisher] = [:]
    /// The joined call's own stream (W10): its room and publisher.
    private(set) var call: (room: RoomID, publisher: Publisher)?
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

    /// Joins a call: the user's stream, captured and encoded as `stream` says, published to
    /// `url` (W10).
    func join(_ id: RoomID, url: String, stream: CallStream, sending: CallSending) {
        leave()
        var options = PublishOptions()
        options.videoBitrate = stream.videoBitrate
        options.audioBitrate = stream.audioBitrate
        options.maximumSize = (stream.maximumWidth, stream.maximumHeight)
        options.keyFrameInterval = stream.keyFrameInterval
        options.maximumAttempts = stream.maximumAttempts
        let waker = self.waker
        call = (id, Publisher(source: stream.camera, microphone: stream.microphone, url: url, options: options,
                              sending: sending, onStatusChange: { _ in waker.wake() }, onPreview: { waker.wake() }))
    }

    /// Mutes or unmutes the microphone, turns the camera off or on, in the joined call's stream.
    func setSending(_ id: RoomID, _ sending: CallSending) {
        guard let call, call.room == id else { return }
        call.publisher.setSending(sending)
    }

    /// Leaves the joined call: its stream ends, off the main thread.
    func leave() {
        guard let publisher = call?.publisher else { return }
        call = nil
        Self.stopOffMain(publisher)
    }

    /// Ends a broadcast on a thread of its own: the main thread never waits for the server.
    func stop(_ id: RoomID) {
        guard let publisher = publishers.removeValue(forKey: id) else { return }
        Self.stopOffMain(publisher)
    }

    private static func stopOffMain(_ publisher: Publisher) {
        NamedThread.start("floatapp.publish.stop") { publisher.stop() }
    }

    /// Ends every broadcast and waits for each (the app is quitting; the server must see them end).
    func stopAll() {
        for publisher in publishers.values { publisher.stop() }
        publishers = [:]
        call?.publisher.stop()
        call = nil
    }
}
