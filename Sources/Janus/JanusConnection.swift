import Dispatch
import EngineTerms
import JanusProtocol
import LocksAndThreads

/// A session on a Janus server over its HTTP API or its WebSocket API (chosen by the URL's
/// scheme): requests matched to their answers by transaction, each with a timeout; events read by
/// long poll, or as they come on the socket; a keepalive every 25 s; a lost session (Janus
/// restarted, the socket closed, or the session timed out) reported and replaced with D4's backoff.
///
/// ```swift
/// let janus = try JanusConnection(url: "http://127.0.0.1:8088/janus", callbackQueue: .main) { print($0) }
/// try await janus.connect()
/// let room = try await janus.attachVideoRoom { event in print(event) }
/// let joined = try await room.joinAsPublisher(room: 1234, display: "Ann")
/// ```
public final class JanusConnection: Sendable {
    let transport: JanusTransport
    /// Seconds a request waits for its answer.
    public let requestTimeout: Double
    /// Seconds between keepalives.
    public let keepaliveInterval: Double
    let callbackQueue: DispatchQueue
    let onEvent: @Sendable (JanusConnectionEvent) -> Void
    let timers = DispatchQueue(label: "floatapp.janus.timers")
    let state = Guarded(ConnectionState())

    /// A connection to the Janus HTTP API at `url` (`http://host:port/janus`) or its WebSocket
    /// API (`ws://host:port`); nothing is sent before `connect()`. `onEvent` is called on
    /// `callbackQueue`.
    public init(url: String, requestTimeout: Double = 10, keepaliveInterval: Double = 25, callbackQueue: DispatchQueue,
                onEvent: @escaping @Sendable (JanusConnectionEvent) -> Void) throws(JanusError) {
        transport = try JanusTransport(url: url, timeout: requestTimeout)
        self.requestTimeout = requestTimeout
        self.keepaliveInterval = keepaliveInterval
        self.callbackQueue = callbackQueue
        self.onEvent = onEvent
        if case .webSocket(let socket) = transport { listen(to: socket) }
    }

    /// The current session, if there is one.
    public var session: JanusID? { state.withLock { $0.session } }

    /// Creates the session and starts reading its events and keeping it alive.
    public func connect() async throws(JanusError) {
        let closures = state.withLock { $0.socketClosures }
        let session = try await createSession()
        let generation = state.withLock { state -> Int in
            state.session = session
            state.generation += 1
            return state.generation
        }
        start(generation: generation)
        callbackQueue.async { self.onEvent(.connected(session: session)) }
        lostIfSocketClosed(since: closures, generation: generation)
    }

    /// Attaches a VideoRoom plugin handle; its events go to `onEvent` on the callback queue.
    public func attachVideoRoom(onEvent: @escaping @Sendable (VideoRoomHandleEvent) -> Void) async throws(JanusError) -> VideoRoomHandle {
        let answer = try await send(.attach(plugin: "janus.plugin.videoroom"), handle: nil)
        guard case .success(let id?, _) = answer.kind else { throw .unexpectedAnswer(request: "attach") }
        state.withLock { $0.handlers[id] = onEvent }
        return VideoRoomHandle(connection: self, id: id)
    }

    /// Destroys the session and stops: later requests fail with `closed`.
    public func close() async {
        if state.withLock({ $0.session }) != nil {
            _ = try? await send(.destroy, handle: nil, completesOnAck: true)
        }
        let pending = state.withLock { state -> [Pending] in
            state.closed = true
            state.session = nil
            state.generation += 1
            state.handlers = [:]
            defer { state.pending = [:] }
            return Array(state.pending.values)
        }
        for request in pending { request.completion(.failure(.closed)) }
        if case .webSocket(let socket) = transport { socket.close() }
    }

    func forget(handle: JanusID) {
        state.withLock { _ = $0.handlers.removeValue(forKey: handle) }
    }

    private func createSession() async throws(JanusError) -> JanusID {
        let answer = try await send(.create, handle: nil, session: .none)
        guard case .success(let id?, _) = answer.kind else { throw .unexpectedAnswer(request: "create") }
        return id
    }

    func start(generation: Int) {
        if case .http(let http) = transport { poll(http, generation: generation) }
        scheduleKeepalive(generation: generation)
    }

    /// Over a WebSocket, what Janus sends comes on the socket, and the socket closing loses the
    /// session (Janus ends the sessions of a socket that closed).
    private func listen(to socket: JanusWebSocket) {
        socket.listen(JanusWebSocket.Listener(received: { [weak self] bytes in self?.received(bytes) }, closed: { [weak self] error in
            guard let self else { return }
            let generation = self.state.withLock { state -> Int? in
                state.socketClosures += 1
                return state.session != nil ? state.generation : nil
            }
            if let generation { self.sessionLost(error, generation: generation) }
        }))
    }

    /// A session whose socket closed between Janus's answer to `create` and its adoption (when
    /// the closing found no session to lose) is lost too: Janus ended it with the socket.
    func lostIfSocketClosed(since closures: Int, generation: Int) {
        guard state.withLock({ $0.socketClosures != closures }) else { return }
        sessionLost(.transport("the WebSocket closed"), generation: generation)
    }
}

/// How requests reach Janus and its events come back.
enum JanusTransport: Sendable {
    /// The HTTP API: a POST a request, events by long poll.
    case http(JanusHTTP)
    /// The WebSocket API: requests and events on one socket.
    case webSocket(JanusWebSocket)

    /// The transport `url`'s scheme names: `ws(s)://` or `http(s)://`.
    init(url: String, timeout: Double) throws(JanusError) {
        let scheme = url.prefix { $0 != ":" }.lowercased()
        if scheme == "ws" || scheme == "wss" {
            // The socket gives up opening a second after a request's own timeout: a request
            // waiting for a socket that never opens then ends as timed out, not as the
            // cancelled open, which the two timers at the same moment made a race.
            self = .webSocket(try JanusWebSocket(url: url, connectTimeout: timeout + 1))
        } else {
            self = .http(try JanusHTTP(url: url))
        }
    }
}

/// The mutable part of a connection, guarded.
struct ConnectionState {
    var session: JanusID?
    /// Bumped with each new session: the polls and keepalives of an older one stop.
    var generation = 0
    var nextTransaction = 0
    var pending: [String: Pending] = [:]
    var handlers: [JanusID: @Sendable (VideoRoomHandleEvent) -> Void] = [:]
    var reconnecting = false
    /// How many times the WebSocket closed (0 over HTTP).
    var socketClosures = 0
    var closed = false
}

/// A request waiting for its answer.
struct Pending {
    let request: String
    /// True for requests whose `ack` is their answer (trickle, keepalive, …).
    let completesOnAck: Bool
    let completion: @Sendable (Result<JanusMessage, JanusError>) -> Void
}
