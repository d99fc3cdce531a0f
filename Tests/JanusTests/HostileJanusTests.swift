import Foundation
import FoundationNetworking
import Janus
import JanusProtocol
import TestSupport
import XCTest

/// A server that speaks Janus's HTTP API but whose events are hostile (invalid UTF-8, nesting
/// 100,000 deep, an SDP of 5 MiB, wrong types): each is reported as `.malformed` and dropped,
/// the session goes on, requests still get their answers, and a server that answers every long
/// poll at once is not asked in a busy loop.
final class HostileJanusTests: XCTestCase {
    /// Answers create, attach and keepalive as Janus does; each long poll gets the next hostile text.
    private static let server = #"""
    import http.server, json, sys
    hostile = [b'\xff\xfe{"janus":"event"}', b'[' * 100000, b'{"janus":"event","sender":2,"jsep":{"type":"offer","sdp":"' + b'x' * (5 << 20) + b'"}}',
               b'{"janus":"event","sender":"two","plugindata":{"data":{"videoroom":"joined","room":-4}}}', b'{"janus":"keepalive"}']
    polls = [0]
    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args): pass
        def answer(self, body):
            self.send_response(200); self.send_header("Content-Length", str(len(body))); self.end_headers(); self.wfile.write(body)
        def do_POST(self):
            request = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            reply = {"janus": "success", "transaction": request["transaction"], "data": {"id": 1 if request["janus"] == "create" else 2}}
            if request["janus"] == "keepalive": reply = {"janus": "ack", "transaction": request["transaction"]}
            self.answer(json.dumps(reply).encode())
        def do_GET(self):
            if self.path == "/count": return self.answer(str(polls[0]).encode())
            text = hostile[min(polls[0], len(hostile) - 1)]; polls[0] += 1
            self.answer(text)
    http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
    """#

    /// How many long polls the fake server has answered.
    private func fakePolls(_ port: Int) -> Int {
        (try? Data(contentsOf: URL(string: "http://127.0.0.1:\(port)/count")!)).flatMap { Int(String(decoding: $0, as: UTF8.self)) } ?? -1
    }

    func testHostileEventsAreTypedErrorsAndTheSessionGoesOn() async throws {
        let port = freeLocalPort()
        let fake = try ChildProcess(executable: "/usr/bin/python3", arguments: ["-c", Self.server, String(port)])
        try eventually("the fake Janus listens", timeout: 10) { localPortAccepts(port) }
        let log = EventLog<JanusConnectionEvent>()
        let connection = try JanusConnection(url: "http://127.0.0.1:\(port)/janus", requestTimeout: 5, keepaliveInterval: 0.5,
                                             callbackQueue: .global()) { log.append($0) }
        try await connection.connect()
        let problems = try eventuallyValue("four hostile events reported", timeout: 10) { () -> [JanusProtocolError]? in
            let found = log.all.compactMap { if case .malformed(let problem) = $0 { problem } else { nil } }
            return found.count >= 4 ? found : nil
        }
        guard case .syntax = problems[0], case .syntax = problems[1] else { return XCTFail("\(problems)") }
        XCTAssertEqual(problems[2], .tooLarge(bytes: (5 << 20) + 61, limit: JanusDecoder.textLimit))
        guard case .wrongType = problems[3] else { return XCTFail("\(problems)") }
        XCTAssertFalse(log.all.contains { if case .lost = $0 { true } else { false } }, "the session was not lost: \(log.all)")
        XCTAssertEqual(connection.session, 1)
        // After the hostile texts the fake answers every poll at once with a keepalive: the
        // connection pauses between such polls instead of asking in a busy loop.
        let pollsBefore = fakePolls(port)
        try await Task.sleep(nanoseconds: 2_000_000_000)
        XCTAssertLessThanOrEqual(fakePolls(port) - pollsBefore, 6, "idle polls are paced (0.5 s apart)")
        let handle = try await connection.attachVideoRoom { _ in }
        XCTAssertEqual(handle.id, 2)
        await connection.close()
        _ = fake.terminate()
    }
}
