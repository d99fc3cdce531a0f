import Dispatch
import EngineTerms
import JanusProtocol

extension JanusConnection {
    /// Seconds before the next long poll after one that brought nothing of use (a keepalive, which
    /// Janus sends after 30 s of quiet, or a malformed answer): a server that answers at once
    /// with nothing is not asked again in a busy loop.
    static let idlePollPause = 0.5

    /// Reads the session's events by long poll, one GET after the other, until the session of
    /// `generation` is replaced or lost.
    func poll(_ http: JanusHTTP, generation: Int) {
        guard let session = state.withLock({ $0.generation == generation && !$0.closed ? $0.session : nil }) else { return }
        http.get(http.pollURL(session: session), timeout: 30 + requestTimeout) { result in
            switch result {
            case .success(let bytes):
                self.pollAgain(http, generation: generation, useful: self.received(bytes))
            case .failure(.malformed(let problem)):
                self.callbackQueue.async { self.onEvent(.malformed(problem)) }
                self.pollAgain(http, generation: generation, useful: false)
            case .failure(let error):
                self.sessionLost(error, generation: generation)
            }
        }
    }

    private func pollAgain(_ http: JanusHTTP, generation: Int, useful: Bool) {
        guard !useful else { return poll(http, generation: generation) }
        timers.asyncAfter(deadline: .now() + Self.idlePollPause) { self.poll(http, generation: generation) }
    }

    func scheduleKeepalive(generation: Int) {
        timers.asyncAfter(deadline: .now() + keepaliveInterval) {
            guard self.state.withLock({ $0.generation == generation && !$0.closed }) else { return }
            Task {
                do throws(JanusError) {
                    _ = try await self.send(.keepalive, handle: nil, completesOnAck: true)
                    self.scheduleKeepalive(generation: generation)
                } catch {
                    self.sessionLost(error, generation: generation)
                }
            }
        }
    }

    /// The session of `generation` is gone: every waiting request fails with `sessionLost`, the
    /// handles are forgotten, and new sessions are tried with D4's backoff until one is made.
    func sessionLost(_ error: JanusError, generation: Int) {
        let pending = state.withLock { state -> [Pending]? in
            guard state.generation == generation, !state.reconnecting, !state.closed else { return nil }
            state.reconnecting = true
            state.session = nil
            state.generation += 1
            state.handlers = [:]
            defer { state.pending = [:] }
            return Array(state.pending.values)
        }
        guard let pending else { return }
        for request in pending { request.completion(.failure(.sessionLost)) }
        reconnect(after: error, attempt: 1)
    }

    private func reconnect(after error: JanusError, attempt: Int) {
        let delay = ReconnectBackoff.delay(attempt: attempt)
        callbackQueue.async { self.onEvent(.lost(error, attempt: attempt, retryIn: delay)) }
        timers.asyncAfter(deadline: .now() + delay) {
            Task {
                guard !self.state.withLock({ $0.closed }) else { return }
                do throws(JanusError) {
                    let closures = self.state.withLock { $0.socketClosures }
                    let answer = try await self.send(.create, handle: nil, session: .none)
                    guard case .success(let session?, _) = answer.kind else { throw .unexpectedAnswer(request: "create") }
                    self.resume(session: session, socketClosures: closures)
                } catch {
                    self.reconnect(after: error, attempt: attempt + 1)
                }
            }
        }
    }

    private func resume(session: JanusID, socketClosures closures: Int) {
        let generation = state.withLock { state -> Int? in
            guard !state.closed else { return nil }
            state.session = session
            state.reconnecting = false
            state.generation += 1
            return state.generation
        }
        guard let generation else { return }
        start(generation: generation)
        callbackQueue.async { self.onEvent(.reconnected(session: session)) }
        lostIfSocketClosed(since: closures, generation: generation)
    }
}
