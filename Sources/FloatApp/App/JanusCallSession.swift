import AppCore
import Broadcast
import Dispatch
import EngineTerms
import FFmpeg
import Janus
import JanusProtocol
import LocksAndThreads
import Logging
import Playback
import Rooms
import WebRTC

/// One joined call on a Janus server (R8), carried over WebRTC: the user's camera and microphone
/// (``CaptureFeed``) go to a ``WebRTCPublisher`` published in the VideoRoom, and every other
/// publisher is received by a ``WebRTCSubscriber`` of its own, whose pictures and sound are
/// pushed into the participant's player (``JanusFeedPlayers``), so the tiles, mixing and active
/// speaker are a call's as ever. A lost Janus session puts every tile on Reconnecting; once the
/// connection has a new session (D4's backoff), the call is joined, published and subscribed anew.
actor JanusCallSession {
    /// One other publisher received.
    private struct Subscription {
        let handle: VideoRoomHandle
        let subscriber: WebRTCSubscriber
        /// The subscriber's media ids of the publisher's sound and picture.
        let audioMid: String?, videoMid: String?
        /// What the media said of the publisher at the last look.
        var sending = CallSending()
    }

    /// Seconds one kind of a publisher's media may stop while the other goes on before it counts
    /// as turned off (Janus stops forwarding what `configure` turned off).
    static let quietLimit = 1.0
    /// Seconds all of a publisher's media may stop before their tile goes (their network is gone).
    static let goneLimit = 1.5
    /// Seconds within which a kind of media last came for it to count as flowing: well over a
    /// picture's or a sound packet's interval, well under ``quietLimit``.
    static let flowingLimit = 0.5
    /// Seconds Janus's forwarding of the second kind turned off waits after the first: the
    /// others' ``quietLimit`` and one look (250 ms) after it, with a margin.
    static let turnOffGap = 1.6
    /// Seconds the call's media connection may take after Janus's answer before it is given up
    /// and said in the call view: with the join before it, within 10 s of opening the call.
    static let connectTimeout = 6.0

    /// What the call's own stream does, and its newest captured picture (the self view), as the
    /// main thread polls them.
    struct Sent: Sendable {
        var phase = BroadcastReport.Phase.connecting
        var liveSince: Double?
        var sentFrames = 0
        var connections = 0
        var preview: VideoFrame?

        /// The report the app state takes, as an RTMP call's publisher gives it.
        var report: BroadcastReport {
            BroadcastReport(phase: phase, liveSeconds: liveSince.map { MonotonicTime.seconds() - $0 } ?? 0,
                            sentFrames: sentFrames, connections: connections)
        }
    }

    /// The call's own stream now (any thread).
    nonisolated let sent = Guarded(Sent())
    private let room: RoomID
    private let join: JanusCallJoin
    private let feeds: JanusFeedPlayers
    private let report: @Sendable (AppEvent) -> Void
    private let changed: @Sendable () -> Void
    /// Where the capture threads hand pictures and sound: the publisher, once publishing.
    private let outlet = Guarded<WebRTCPublisher?>(nil)
    private let callbacks = DispatchQueue(label: "floatapp.janus.call")
    private var connection: JanusConnection?
    private var capture: CaptureFeed?
    private var format: CaptureFeed.PictureFormat?
    private var publishing: VideoRoomHandle?
    private var privateId: JanusID?
    private var ownFeed: JanusID?
    private var subscriptions: [JanusID: Subscription] = [:]
    private var sending: CallSending
    private var ended = false
    /// The current publication's media failure was reported.
    private var mediaFailureReported = false
    /// The current publication's connection state at the last look.
    private var mediaState: PeerState?
    /// When the microphone or the camera, the first of the two, was last turned off.
    private var firstTurnedOff: Double?

    /// A call to join as `join` says, for room `room`; `report` takes the events for the app
    /// (from any thread), `changed` is called when the room's publishers changed.
    init(room: RoomID, join: JanusCallJoin, feeds: JanusFeedPlayers, report: @escaping @Sendable (AppEvent) -> Void,
         changed: @escaping @Sendable () -> Void) {
        self.room = room
        self.join = join
        self.feeds = feeds
        self.report = report
        self.changed = changed
        sending = join.sending
    }

    /// Starts the capture, connects, joins, publishes and subscribes.
    func start() async {
        guard let format = await openCapture() else { return }
        self.format = format
        do throws(JanusError) {
            let connection = try JanusConnection(url: join.api, callbackQueue: callbacks) { [weak self] event in
                guard let self else { return }
                Task { await self.connectionEvent(event) }
            }
            self.connection = connection
            guard await connectWithBackoff(connection) else { return }
            try await enter()
            await watchSending()
        } catch {
            await joinFailed(error)
        }
    }

    /// A join (or a publication) that failed: one Janus refused or did not answer, or a server
    /// address FloatApp cannot use, is said in the call view and ends the call's capture, media
    /// and Janus session at once, as a leave does (the view stays until the user leaves). One
    /// whose session went away meanwhile is left to the connection, which makes a new session
    /// and joins again.
    private func joinFailed(_ error: JanusError) async {
        Log.warn("\(room): joining VideoRoom \(join.videoRoom) on \(join.api) failed: \(error)")
        switch error {
        case .sessionLost, .transport, .status, .closed: return
        case .badURL, .webSocketUnavailable, .timedOut, .malformed, .refused, .videoRoom, .unexpectedAnswer: break
        }
        guard !ended else { return }
        report(.callFailed(room, .joinFailed(videoRoom: join.videoRoom, error)))
        await leave()
    }

    /// Makes the first session, trying again with D4's backoff while Janus cannot be reached (the
    /// call says Reconnecting, as when Janus goes away mid-call); false when the call was left first.
    private func connectWithBackoff(_ connection: JanusConnection) async -> Bool {
        var attempt = 0
        while !ended {
            do throws(JanusError) {
                try await connection.connect()
                return !ended
            } catch {
                attempt += 1
                let delay = ReconnectBackoff.delay(attempt: attempt)
                Log.warn("\(room): Janus at \(join.api) cannot be reached (\(error)); again in \(delay) s")
                sent.withLock { $0.phase = .reconnecting(attempt: attempt, nextTryIn: delay) }
                try? await Task.sleep(for: .seconds(delay))
            }
        }
        return false
    }

    /// Opens the camera and microphone; their format, or nil when the camera cannot be opened.
    private func openCapture() async -> CaptureFeed.PictureFormat? {
        let once = Guarded(false), outlet = self.outlet, room = self.room, stream = join.stream, sent = self.sent
        return await withCheckedContinuation { (continuation: CheckedContinuation<CaptureFeed.PictureFormat?, Never>) in
            let resume = { @Sendable (format: CaptureFeed.PictureFormat?) in
                if !once.withLock({ done in defer { done = true }; return done }) { continuation.resume(returning: format) }
            }
            capture = CaptureFeed(camera: stream.camera, microphone: stream.microphone,
                                  maximumSize: (stream.maximumWidth, stream.maximumHeight), sending: sending,
                                  onFormat: { resume($0) },
                                  onPicture: { picture in
                                      let publisher = outlet.withLock { $0 }
                                      publisher?.push(picture: picture)
                                      sent.withLock { sent in
                                          sent.preview = picture
                                          if publisher != nil { sent.sentFrames += 1 }
                                      }
                                  },
                                  onSound: { samples in outlet.withLock { $0 }?.push(sound: samples) },
                                  onFailure: { error in
                                      Log.warn("\(room): the call's capture failed: \(error)")
                                      sent.withLock { $0.phase = .failed(.capture(error)) }
                                      resume(nil)
                                  })
        }
    }

    /// Joins the room as a publisher, publishes the capture and subscribes to the others.
    private func enter() async throws(JanusError) {
        guard let connection, let format, !ended else { return }
        let handle = try await connection.attachVideoRoom { [weak self] event in
            guard let self else { return }
            Task { await self.roomEvent(event) }
        }
        publishing = handle
        let joined = try await handle.joinAsPublisher(room: join.videoRoom, display: join.display)
        ownFeed = joined.id
        privateId = joined.privateId
        // At once, before the offer takes its time: the list leaves the user's own feed out.
        report(.janusCallJoined(room, feed: joined.id))
        if let (publisher, offer) = makePublisher(format) {
            let answer = try await handle.publish(offer: Jsep(type: .offer, sdp: offer),
                                                  audio: !sending.microphoneMuted, video: !sending.cameraOff)
            do throws(WebRTCError) {
                try publisher.accept(answer: answer.sdp)
                mediaFailureReported = false
                outlet.withLock { $0 = publisher }
                sent.withLock { sent in
                    sent.phase = .live
                    sent.liveSince = MonotonicTime.seconds()
                    sent.connections += 1
                }
            } catch {
                Log.warn("\(room): Janus's answer to the call's offer does not do: \(error)")
            }
        }
        for publisher in joined.publishers where publisher.id != joined.id { await subscribe(to: publisher.id) }
    }

    /// A publisher for the capture's pictures and its offer; nil (logged) when GStreamer cannot make them.
    private func makePublisher(_ format: CaptureFeed.PictureFormat) -> (WebRTCPublisher, String)? {
        do throws(WebRTCError) {
            let publisher = try WebRTCPublisher(format: .init(width: format.width, height: format.height, frameRate: format.frameRate),
                                                bitrateKbps: max(100, join.stream.videoBitrate / 1000),
                                                connectTimeout: Self.connectTimeout)
            return (publisher, try publisher.makeOffer())
        } catch {
            Log.warn("\(room): the call's WebRTC publisher cannot start: \(error)")
            return nil
        }
    }

    /// Receives publisher `feed`: its own handle, Janus's offer answered by a new subscriber.
    private func subscribe(to feed: JanusID) async {
        guard let connection, subscriptions[feed] == nil, !ended else { return }
        let feeds = self.feeds, tag = JanusFeedTag.tag(of: feed)
        do {
            let handle = try await connection.attachVideoRoom { _ in }
            let offered = try await handle.subscribe(room: join.videoRoom, feeds: [feed], privateId: privateId)
            let subscriber = try WebRTCSubscriber(onPicture: { _, picture in feeds.player(tag: tag)?.push(picture: picture) },
                                                  onSound: { _, samples in feeds.player(tag: tag)?.push(sound: samples) })
            let answer = try subscriber.answer(offer: offered.offer.sdp)
            try await handle.start(answer: Jsep(type: .answer, sdp: answer))
            let mid = { (kind: String) in offered.streams.first { $0.type == kind && $0.feed == feed }?.mid }
            subscriptions[feed] = Subscription(handle: handle, subscriber: subscriber, audioMid: mid("audio"), videoMid: mid("video"))
            changed()
        } catch {
            Log.warn("\(room): receiving feed \(tag) failed: \(error)")
        }
    }

    /// Looks at every publisher's media four times a second while the call lasts.
    private func watchSending() async {
        while !ended {
            try? await Task.sleep(for: .milliseconds(250))
            for (feed, subscription) in subscriptions { look(at: feed, subscription) }
            checkMediaConnection()
        }
    }

    /// Reports once, per publication, a publisher whose ICE or DTLS gave up: webrtcbin said it
    /// failed, or it did not connect within ``connectTimeout``.
    private func checkMediaConnection() {
        guard !mediaFailureReported, let publisher = outlet.withLock({ $0 }) else { return }
        let state = publisher.state
        if state != mediaState {
            mediaState = state
            Log.info("\(room): the call's media connection is \(state)")
        }
        guard state == .failed else { return }
        mediaFailureReported = true
        Log.warn("\(room): the call's media connection gave up: \(publisher.error.map { "\($0)" } ?? "failed")")
        if case .connectTimedOut(let seconds)? = publisher.error {
            report(.callFailed(room, .mediaTimedOut(seconds: Int(seconds.rounded()))))
        } else {
            report(.callFailed(room, .mediaFailed))
        }
    }

    /// What publisher `feed`'s media say: a picture (sound) stopped while the sound (picture)
    /// goes on is a camera turned off (a muted microphone), until both flow again; both stopped
    /// after one was turned off is both turned off; both stopped while both were on is a
    /// participant whose network is gone, whose tile goes after ``goneLimit`` (and comes back
    /// with their media).
    private func look(at feed: JanusID, _ subscription: Subscription) {
        let stopped = { (mid: String?, limit: Double) in mid.flatMap { subscription.subscriber.secondsSinceMedia($0) }.map { $0 > limit } }
        let audio = stopped(subscription.audioMid, Self.quietLimit), video = stopped(subscription.videoMid, Self.quietLimit)
        let tag = JanusFeedTag.tag(of: feed)
        if audio == true && video == true {
            guard subscription.sending == CallSending() else {
                return show(CallSending(microphoneMuted: true, cameraOff: true), of: feed, tag: tag)
            }
            let gone = stopped(subscription.audioMid, Self.goneLimit) != false && stopped(subscription.videoMid, Self.goneLimit) != false
            if gone, feeds.setGone(tag, true) { changed() }
            return
        }
        // One kind stopped is that kind turned off only while the other still flows: a network
        // going stops both, and a look between their last packets sees one stopped first.
        let flowing = { (mid: String?) in stopped(mid, Self.flowingLimit) != true }
        if (audio == true && !flowing(subscription.videoMid)) || (video == true && !flowing(subscription.audioMid)) { return }
        if feeds.setGone(tag, false) { changed() }
        show(CallSending(microphoneMuted: audio == true, cameraOff: video == true), of: feed, tag: tag)
    }

    /// Tells publisher `feed`'s tile what it sends, when that changed.
    private func show(_ sending: CallSending, of feed: JanusID, tag: String) {
        guard sending != subscriptions[feed]?.sending else { return }
        subscriptions[feed]?.sending = sending
        feeds.player(tag: tag)?.setCallSending(sending)
    }

    /// Stops receiving publisher `feed`.
    private func unsubscribe(_ feed: JanusID) async {
        guard let gone = subscriptions.removeValue(forKey: feed) else { return }
        gone.subscriber.stop()
        try? await gone.handle.detach()
        changed()
    }

    private func roomEvent(_ event: VideoRoomHandleEvent) async {
        switch event {
        case .publishersJoined(let publishers):
            for publisher in publishers where publisher.id != ownFeed { await subscribe(to: publisher.id) }
        case .unpublished(let feed), .left(let feed): await unsubscribe(feed)
        default: break
        }
    }

    private func connectionEvent(_ event: JanusConnectionEvent) async {
        switch event {
        case .lost(let error, let attempt, let retryIn):
            Log.warn("\(room): the call's Janus session is lost (\(error)); again in \(retryIn) s")
            dropMedia()
            sent.withLock { sent in
                sent.phase = .reconnecting(attempt: attempt, nextTryIn: retryIn)
                sent.liveSince = nil
            }
            for player in feeds.all { player.interrupt(saying: .reconnecting(attempt: attempt, retryIn: retryIn)) }
        case .reconnected:
            do throws(JanusError) {
                try await enter()
            } catch {
                await joinFailed(error)
            }
        case .connected, .malformed: break
        }
    }

    /// Stops the peers (their session is gone with Janus, or the call ends).
    private func dropMedia() {
        outlet.withLock { publisher in
            publisher?.stop()
            publisher = nil
        }
        for subscription in subscriptions.values { subscription.subscriber.stop() }
        subscriptions = [:]
        publishing = nil
    }

    /// Mutes or unmutes the microphone, turns the camera off or on: locally at once, and in
    /// Janus at once too, except that the second kind turned off follows the first by at least
    /// ``turnOffGap`` there: the others read the order from the media (one kind stopped, then the
    /// other, is both turned off), and both stopping together would read as a network gone.
    func setSending(_ new: CallSending) async {
        let old = sending
        sending = new
        capture?.setSending(new)
        let now = MonotonicTime.seconds()
        if new.microphoneMuted && new.cameraOff, let first = firstTurnedOff, now - first < Self.turnOffGap {
            try? await Task.sleep(for: .seconds(Self.turnOffGap - (now - first)))
            guard sending == new else { return }
        }
        if new.microphoneMuted != new.cameraOff, !old.microphoneMuted, !old.cameraOff { firstTurnedOff = now }
        try? await publishing?.configure(audio: !new.microphoneMuted, video: !new.cameraOff)
    }

    /// Leaves the room and hangs up, stops the capture and ends the session.
    func leave() async {
        ended = true
        capture?.stop()
        sent.withLock { $0.phase = .stopped }
        let handle = publishing
        dropMedia()
        try? await handle?.leave()
        try? await handle?.hangup()
        await connection?.close()
    }
}
