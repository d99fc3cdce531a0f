import Dispatch
import JanusProtocol

/// Which session a request goes to.
enum SessionChoice {
    /// The connection's current one.
    case current
    /// None (`create`).
    case none
}

extension JanusConnection {
    /// Sends `request` and waits for its answer: an `error`, a plugin's refusal or a timeout
    /// throws. A message's `ack` is not its answer unless `completesOnAck`.
    func send(_ request: JanusRequest, handle: JanusID?, session choice: SessionChoice = .current,
              completesOnAck: Bool = false) async throws(JanusError) -> JanusMessage {
        let result = await withCheckedContinuation { (answer: CheckedContinuation<Result<JanusMessage, JanusError>, Never>) in
            submit(request, handle: handle, session: choice, completesOnAck: completesOnAck) { answer.resume(returning: $0) }
        }
        let message = try result.get()
        if case .error(let code, let reason) = message.kind { throw .refused(code: code, reason: reason) }
        return message
    }

    private func submit(_ request: JanusRequest, handle: JanusID?, session choice: SessionChoice, completesOnAck: Bool,
                        completion: @escaping @Sendable (Result<JanusMessage, JanusError>) -> Void) {
        let registered = state.withLock { state -> (String, JanusID?)? in
            guard !state.closed else { return nil }
            if choice == .current, state.session == nil { return nil }
            state.nextTransaction += 1
            let transaction = "fa\(state.nextTransaction)"
            state.pending[transaction] = Pending(request: request.verb, completesOnAck: completesOnAck, completion: completion)
            return (transaction, choice == .current ? state.session : nil)
        }
        guard let (transaction, session) = registered else {
            return completion(.failure(state.withLock { $0.closed } ? .closed : .sessionLost))
        }
        switch transport {
        case .http(let http):
            let url = http.url(session: session, handle: handle)
            http.post(url, body: request.encoded(transaction: transaction), timeout: requestTimeout) { result in
                switch result {
                case .success(let bytes): self.received(bytes)
                case .failure(let error): self.finish(transaction, with: .failure(error))
                }
            }
        case .webSocket(let socket):
            socket.send(request.encoded(transaction: transaction, session: session, handle: handle)) { error in
                if let error { self.finish(transaction, with: .failure(error)) }
            }
        }
        timers.asyncAfter(deadline: .now() + requestTimeout) {
            self.finish(transaction, with: .failure(.timedOut(request: request.verb)))
        }
    }

    /// Completes the request `transaction` once (later answers find nothing).
    func finish(_ transaction: String, with result: Result<JanusMessage, JanusError>) {
        guard let pending = state.withLock({ $0.pending.removeValue(forKey: transaction) }) else { return }
        pending.completion(result)
    }

    /// Decodes what Janus sent (an answer to a POST, a long poll's events, or a WebSocket's
    /// message) and routes each;
    /// false when it held nothing but keepalives, or was malformed.
    @discardableResult
    func received(_ bytes: [UInt8]) -> Bool {
        do {
            let messages = try JanusDecoder.messages(bytes)
            for message in messages { route(message) }
            return messages.contains { $0.kind != .keepalive }
        } catch {
            callbackQueue.async { self.onEvent(.malformed(error)) }
            return false
        }
    }

    private func route(_ message: JanusMessage) {
        if let transaction = message.transaction,
           let completesOnAck = state.withLock({ $0.pending[transaction]?.completesOnAck }) {
            if message.kind != .ack || completesOnAck {
                finish(transaction, with: .success(message))
            }
            return
        }
        switch message.kind {
        case .timeout:
            sessionLost(.sessionLost, generation: state.withLock { $0.generation })
        case .keepalive, .ack, .success, .error:
            return
        default:
            guard let sender = message.sender,
                  let handler = state.withLock({ $0.handlers[sender] }) else { return }
            let events = HandleEvents.events(of: message)
            if message.kind == .detached { forget(handle: sender) }
            callbackQueue.async { events.forEach(handler) }
        }
    }
}
