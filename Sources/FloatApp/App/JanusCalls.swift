import AppCore
import EngineTerms
import FFmpeg
import LocksAndThreads
import Rooms

/// The joined call when it is on a Janus server (R8): its ``JanusCallSession`` runs off the main
/// thread; what it tells the app waits in an inbox, and the loop waker wakes the loop, which
/// takes it as events, as the directory's answers are taken.
@MainActor
final class JanusCalls {
    /// Wakes the loop when events wait in the inbox.
    let waker: LoopWaker
    private let feeds: JanusFeedPlayers
    private let inbox = Guarded<[AppEvent]>([])
    private var call: (room: RoomID, session: JanusCallSession)?

    init(waker: LoopWaker, feeds: JanusFeedPlayers) {
        self.waker = waker
        self.feeds = feeds
    }

    /// Joins the call of room `id` as `join` says; changes of its publishers refresh the list of
    /// server `serverID`'s calls.
    func join(_ id: RoomID, _ join: JanusCallJoin, serverID: String?) {
        leave()
        let inbox = self.inbox, waker = self.waker
        let report: @Sendable (AppEvent) -> Void = { event in
            inbox.withLock { $0.append(event) }
            waker.wake()
        }
        let session = JanusCallSession(room: id, join: join, feeds: feeds, report: report) {
            if let serverID { report(.janusCallChanged(serverID: serverID)) }
        }
        call = (id, session)
        Task.detached { await session.start() }
    }

    /// Mutes or unmutes the microphone, turns the camera off or on in the call of room `id`.
    func setSending(_ id: RoomID, _ sending: CallSending) {
        guard let call, call.room == id else { return }
        let session = call.session
        Task.detached { await session.setSending(sending) }
    }

    /// Leaves the call: Janus is told and the peers hang up, off the main thread.
    func leave() {
        guard let session = call?.session else { return }
        call = nil
        Task.detached { await session.leave() }
    }

    /// The joined Janus call's room and what its own stream does, for the app state's poll.
    var sent: (room: RoomID, report: BroadcastReport)? {
        call.map { ($0.room, $0.session.sent.withLock { $0.report }) }
    }

    /// The joined Janus call's newest captured picture, for the self view.
    var preview: VideoFrame? { call?.session.sent.withLock { $0.preview } }

    /// The events that arrived since the last call.
    func takeAnswers() -> [AppEvent] {
        inbox.withLock { answers in
            defer { answers = [] }
            return answers
        }
    }
}
