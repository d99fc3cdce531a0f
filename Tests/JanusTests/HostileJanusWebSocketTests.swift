import Foundation
import Janus
import JanusProtocol
import TestSupport
import XCTest

/// A server that speaks Janus's WebSocket API but sends hostile texts once the session is made:
/// malformed JSON and wrong types are reported as `.malformed` and the session goes on; a text
/// frame that is not UTF-8, or one over the decoder's limit, makes libsoup close the socket,
/// which loses the session, and a new one is made on a new socket. Never a crash.
final class HostileJanusWebSocketTests: XCTestCase {
    /// A WebSocket server of the test's own (Python's standard library has none): the
    /// handshake, unmasked frames out, masked frames in, a close answered. Answers create, attach and keepalive
    /// as Janus does; after the first and the second create, hostile frames follow its answer.
    private static let server = #"""
    import base64, hashlib, json, socket, struct, sys, threading
    hostile = {1: [b'[' * 100000, b'{"janus":"event","sender":"two","plugindata":{"data":{"videoroom":"joined"}}}', b'\xff\xfe{"janus":"event"}'],
               2: [b'{"janus":"event","sender":2,"jsep":{"type":"offer","sdp":"' + b'x' * (5 << 20) + b'"}}']}
    sessions = [0]
    def frame(opcode, payload):
        n = len(payload)
        head = struct.pack("!BB", opcode, n) if n < 126 else struct.pack("!BBH", opcode, 126, n) if n < 65536 else struct.pack("!BBQ", opcode, 127, n)
        return head + payload
    def read(conn, count):
        data = b""
        while len(data) < count:
            chunk = conn.recv(count - len(data))
            if not chunk: raise EOFError
            data += chunk
        return data
    def serve(conn):
        try: talk(conn)
        except (EOFError, OSError): pass
        conn.close()
    def talk(conn):
        request = b""
        while b"\r\n\r\n" not in request: request += conn.recv(4096)
        key = [l.split(b":", 1)[1].strip() for l in request.split(b"\r\n") if l.lower().startswith(b"sec-websocket-key")][0]
        accept = base64.b64encode(hashlib.sha1(key + b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11").digest())
        conn.sendall(b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                     b"Sec-WebSocket-Protocol: janus-protocol\r\nSec-WebSocket-Accept: " + accept + b"\r\n\r\n")
        while True:
            first, second = read(conn, 2)
            n = second & 0x7f
            if n == 126: n = struct.unpack("!H", read(conn, 2))[0]
            elif n == 127: n = struct.unpack("!Q", read(conn, 8))[0]
            mask = read(conn, 4)
            payload = bytes(b ^ mask[i % 4] for i, b in enumerate(read(conn, n)))
            if first & 0x0f == 8: return conn.sendall(frame(0x88, payload[:2]))
            if first & 0x0f != 1: continue
            request = json.loads(payload)
            if request["janus"] == "keepalive":
                conn.sendall(frame(0x81, json.dumps({"janus": "ack", "transaction": request["transaction"]}).encode()))
                continue
            sessions[0] += request["janus"] == "create"
            made = sessions[0] if request["janus"] == "create" else 100
            conn.sendall(frame(0x81, json.dumps({"janus": "success", "transaction": request["transaction"], "data": {"id": made}}).encode()))
            if request["janus"] == "create":
                for text in hostile.get(made, []): conn.sendall(frame(0x81, text))
    listener = socket.create_server(("127.0.0.1", int(sys.argv[1])))
    while True:
        conn, _ = listener.accept()
        threading.Thread(target=serve, args=(conn,), daemon=True).start()
    """#

    func testHostileTextsAreTypedErrorsAndABrokenSocketLosesTheSession() async throws {
        let port = freeLocalPort()
        let fake = try ChildProcess(executable: "/usr/bin/python3", arguments: ["-c", Self.server, String(port)])
        defer { _ = fake.terminate() }
        try eventually("the fake Janus listens", timeout: 10) { localPortAccepts(port) }
        let log = EventLog<JanusConnectionEvent>()
        let connection = try JanusConnection(url: "ws://127.0.0.1:\(port)", requestTimeout: 5,
                                             callbackQueue: DispatchQueue(label: "hostile.events")) { log.append($0) }
        try await connection.connect()
        // The session's socket may be closed already (the hostile frames follow at once).
        try eventually("the first session is made", timeout: 5) { log.all.contains(.connected(session: 1)) }
        let problems = try eventuallyValue("two hostile texts reported", timeout: 10) { () -> [JanusProtocolError]? in
            let found = log.all.compactMap { if case .malformed(let problem) = $0 { problem } else { nil } }
            return found.count >= 2 ? found : nil
        }
        guard case .syntax = problems[0], case .wrongType = problems[1] else { return XCTFail("\(problems)") }
        // The text that is no UTF-8 closes the first socket, the 5 MiB one the second.
        let sessions = try eventuallyValue("two sessions lost, and a new one made on a new socket each time", timeout: 10) { () -> [JanusID]? in
            let made = log.all.compactMap { if case .reconnected(let session) = $0 { session } else { nil } }
            return made.count >= 2 ? made : nil
        }
        XCTAssertEqual(sessions, [2, 3])
        let lost = log.all.compactMap { if case .lost(let error, _, _) = $0 { error } else { nil } }
        XCTAssertEqual(lost, [.transport("the WebSocket closed"), .transport("the WebSocket closed")])
        let handle = try await connection.attachVideoRoom { _ in }
        XCTAssertEqual(handle.id, 100)
        await connection.close()
    }
}
