import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport

/// The tests' own Janus signalling over its HTTP API: a session, VideoRoom handles, requests,
/// and the session's events read by long polls on a thread of its own.
final class JanusTestClient: @unchecked Sendable {
    let api: URL
    let session: Int
    private let lock = NSLock()
    private var events: [[String: Any]] = []
    private var polling = true

    init(api: URL) throws {
        self.api = api
        let reply = try Self.post(api, ["janus": "create"])
        guard let data = reply["data"] as? [String: Any], let id = data["id"] as? Int else { throw HarnessError("create: \(reply)") }
        session = id
        Thread.detachNewThread { [self] in poll() }
    }

    deinit { close() }

    /// Ends the session and its polling.
    func close() {
        lock.withLock { polling = false }
        _ = try? Self.post(api.appendingPathComponent("\(session)"), ["janus": "destroy"])
    }

    /// Attaches a VideoRoom handle and returns its id.
    func attach() throws -> Int {
        let reply = try Self.post(api.appendingPathComponent("\(session)"), ["janus": "attach", "plugin": "janus.plugin.videoroom"])
        guard let data = reply["data"] as? [String: Any], let id = data["id"] as? Int else { throw HarnessError("attach: \(reply)") }
        return id
    }

    /// Sends a VideoRoom request (with a JSEP when given) on `handle` and returns the event that
    /// answers it (its plugin data and JSEP).
    func request(_ handle: Int, _ body: [String: Any], jsep: [String: Any]? = nil,
                 timeout: TimeInterval = 10) throws -> (data: [String: Any], jsep: [String: Any]?) {
        let transaction = UUID().uuidString
        var message: [String: Any] = ["janus": "message", "body": body, "transaction": transaction]
        if let jsep { message["jsep"] = jsep }
        _ = try Self.post(api.appendingPathComponent("\(session)/\(handle)"), message)
        let event = try waitForEvent("the answer to \(body)", timeout: timeout) { $0["transaction"] as? String == transaction }
        let plugin = event["plugindata"] as? [String: Any]
        return (plugin?["data"] as? [String: Any] ?? [:], event["jsep"] as? [String: Any])
    }

    /// Waits for (and takes) the first event `matches` accepts.
    func waitForEvent(_ what: String, timeout: TimeInterval = 10, matches: ([String: Any]) -> Bool) throws -> [String: Any] {
        try eventuallyValue("Janus event: \(what)", timeout: timeout) {
            lock.withLock {
                guard let index = events.firstIndex(where: matches) else { return nil }
                return events.remove(at: index)
            }
        }
    }

    /// A VideoRoom event's `data` on `handle` accepted by `matches`.
    func waitForRoomEvent(_ what: String, handle: Int, timeout: TimeInterval = 10,
                          matches: @escaping ([String: Any]) -> Bool) throws -> [String: Any] {
        let event = try waitForEvent(what, timeout: timeout) { event in
            guard event["sender"] as? Int == handle, let plugin = event["plugindata"] as? [String: Any],
                  let data = plugin["data"] as? [String: Any] else { return false }
            return matches(data)
        }
        return (event["plugindata"] as? [String: Any])?["data"] as? [String: Any] ?? [:]
    }

    private func poll() {
        while lock.withLock({ polling }) {
            var request = URLRequest(url: URL(string: "\(api.absoluteString)/\(session)?maxev=5")!)
            request.timeoutInterval = 40
            guard let data = try? Self.load(request), let json = try? JSONSerialization.jsonObject(with: data) else {
                Thread.sleep(forTimeInterval: 0.2)
                continue
            }
            let batch = (json as? [[String: Any]]) ?? [(json as? [String: Any]) ?? [:]]
            lock.withLock { events += batch.filter { $0["janus"] as? String != "keepalive" } }
        }
    }

    static func post(_ url: URL, _ body: [String: Any]) throws -> [String: Any] {
        var body = body
        if body["transaction"] == nil { body["transaction"] = UUID().uuidString }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        request.timeoutInterval = 10
        let data = try load(request)
        guard let reply = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { throw HarnessError("not JSON") }
        if reply["janus"] as? String == "error" { throw HarnessError("Janus: \(reply)") }
        return reply
    }

    private static func load(_ request: URLRequest) throws -> Data {
        let box = ResultBox()
        URLSession.shared.dataTask(with: request) { data, _, error in box.set(data, error) }.resume()
        return try box.wait(timeout: request.timeoutInterval + 5)
    }
}

/// One URL load's result, awaited by the thread that asked.
private final class ResultBox: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data: Data?
    private var error: Error?

    func set(_ data: Data?, _ error: Error?) {
        self.data = data
        self.error = error
        done.signal()
    }

    func wait(timeout: TimeInterval) throws -> Data {
        guard done.wait(timeout: .now() + timeout) == .success else { throw HarnessError("no HTTP answer in \(timeout) s") }
        if let error { throw error }
        return data ?? Data()
    }
}
