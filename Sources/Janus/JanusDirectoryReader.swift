import Dispatch
import JanusProtocol
import LiveDirectory
import LocksAndThreads
import Rooms

/// Reads a Janus server's calls for the room list (R8): its public VideoRoom rooms and who is
/// in each (`list`, then `listparticipants` per room). One session per server is kept between
/// reads; a read that fails drops it, and the next read makes a new one.
public final class JanusDirectoryReader: Sendable {
    private let requestTimeout: Double
    private let sessions = Guarded<[String: VideoRoomHandle]>([:])
    private let callbacks = DispatchQueue(label: "floatapp.janus.directory")

    /// A reader whose requests each wait `requestTimeout` seconds at most.
    public init(requestTimeout: Double = 4) {
        self.requestTimeout = requestTimeout
    }

    /// The calls of the Janus server at `api`, or why there are none.
    public func read(_ api: String) async -> Result<[ListedCall], DirectoryError> {
        do throws(JanusError) {
            let handle = try await self.handle(api)
            var calls: [ListedCall] = []
            for room in try await handle.list() {
                let people = try await handle.listParticipants(room: room.room)
                calls.append(ListedCall(room: String(room.room), title: room.description.flatMap { $0.isEmpty ? nil : $0 },
                                        members: people.map(Self.member)))
            }
            return .success(calls)
        } catch {
            await drop(api)
            return .failure(Self.directoryError(error))
        }
    }

    /// Ends every kept session.
    public func close() async {
        let all = sessions.withLock { sessions in
            defer { sessions = [:] }
            return Array(sessions.values)
        }
        for handle in all { await handle.connection.close() }
    }

    /// A participant as the list names it: its display name (or its tag when it gave none),
    /// tagged with its feed (``JanusFeedTag``).
    static func member(_ participant: VideoRoomParticipant) -> CallMember {
        let tag = JanusFeedTag.tag(of: participant.id)
        let name = participant.display.flatMap { $0.isEmpty ? nil : $0 } ?? tag
        return CallMember(name: name, tag: tag)
    }

    static func directoryError(_ error: JanusError) -> DirectoryError {
        switch error {
        case .badURL(let url): .unreachable(.badURL(url))
        case .webSocketUnavailable: .badJanusAnswer(error)
        case .transport(let reason): .unreachable(.transport(reason))
        case .status(let code): .unreachable(.status(code, reason: ""))
        case .timedOut(let request): .unreachable(.transport("no answer to \(request) in time"))
        case .sessionLost, .closed: .unreachable(.transport("the session was lost"))
        case .malformed, .refused, .videoRoom, .unexpectedAnswer: .badJanusAnswer(error)
        }
    }

    private func handle(_ api: String) async throws(JanusError) -> VideoRoomHandle {
        if let kept = sessions.withLock({ $0[api] }) { return kept }
        let connection = try JanusConnection(url: api, requestTimeout: requestTimeout, callbackQueue: callbacks) { [weak self] event in
            guard case .lost = event, let self else { return }
            Task { await self.drop(api) }
        }
        do throws(JanusError) {
            try await connection.connect()
            let handle = try await connection.attachVideoRoom { _ in }
            sessions.withLock { $0[api] = handle }
            return handle
        } catch {
            await connection.close()
            throw error
        }
    }

    private func drop(_ api: String) async {
        guard let handle = sessions.withLock({ $0.removeValue(forKey: api) }) else { return }
        await handle.connection.close()
    }
}
