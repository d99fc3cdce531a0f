import Foundation
import Glibc
import TestSupport

/// An HTTP server on 127.0.0.1 that sends a constant-rate MPEG-TS file to each client at its
/// real-time rate, like a live source, and can misbehave on demand: stall (connections stay
/// open, nothing is sent), trickle (1 KB/s), go down (listener and connections closed, so
/// connects are refused) and come back on the same port.
final class PacedHTTPServer: @unchecked Sendable {
    /// How the server treats its clients now.
    enum Mode: Sendable {
        case normal, stalled, trickling, down
    }

    let port: Int
    private let body: [UInt8]
    private let bytesPerSecond: Double
    private let lock = NSLock()
    private var currentMode = Mode.down
    private var listener: Int32 = -1
    private var clients: Set<Int32> = []
    private var threads = 0

    /// Serves `file`, whose bit rate is `bytesPerSecond`, on a free port.
    init(file: [UInt8], bytesPerSecond: Double) {
        body = file
        self.bytesPerSecond = bytesPerSecond
        port = freeLocalPort()
    }

    var url: String { "http://127.0.0.1:\(port)/live.ts" }

    var mode: Mode {
        get { lock.withLock { currentMode } }
        set { set(newValue) }
    }

    /// Server threads still running (accept loop and one per client).
    var runningThreads: Int { lock.withLock { threads } }

    /// Descriptors the server holds open (listener and clients).
    var openDescriptors: Int { lock.withLock { (listener >= 0 ? 1 : 0) + clients.count } }

    private func set(_ mode: Mode) {
        lock.lock()
        let wasDown = currentMode == .down
        currentMode = mode
        if mode == .down {
            for client in clients { shutdown(client, Int32(SHUT_RDWR)) }
            if listener >= 0 { shutdown(listener, Int32(SHUT_RDWR)) }
        }
        lock.unlock()
        if wasDown && mode != .down { listen() }
    }

    private func listen() {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        precondition(bound == 0 && Glibc.listen(fd, 8) == 0, "cannot listen on port \(port): errno \(errno)")
        lock.withLock {
            listener = fd
            threads += 1
        }
        Thread.detachNewThread { self.acceptLoop(fd) }
    }

    private func acceptLoop(_ fd: Int32) {
        defer { lock.withLock { threads -= 1 } }
        while true {
            let client = accept(fd, nil, nil)
            guard client >= 0 else { break }
            if mode == .down {
                close(client)
                break
            }
            lock.withLock {
                clients.insert(client)
                threads += 1
            }
            Thread.detachNewThread { self.serve(client) }
        }
        lock.withLock { if listener == fd { listener = -1 } }
        close(fd)
    }

    /// Reads the request, then sends the file from the start at the mode's pace until the
    /// client goes or the server goes down.
    private func serve(_ client: Int32) {
        defer {
            lock.withLock {
                clients.remove(client)
                threads -= 1
            }
            close(client)
        }
        var request = [UInt8](repeating: 0, count: 4096)
        guard recv(client, &request, request.count, 0) > 0 else { return }
        let header = Array("HTTP/1.1 200 OK\r\nContent-Type: video/mp2t\r\nConnection: close\r\n\r\n".utf8)
        guard send(client, header, header.count, Int32(MSG_NOSIGNAL)) == header.count else { return }
        var sent = 0
        var allowance = 0.0
        var last = Date()
        while sent < body.count {
            Thread.sleep(forTimeInterval: 0.02)
            let now = Date()
            let rate: Double
            switch mode {
            case .normal: rate = bytesPerSecond
            case .trickling: rate = 1024
            case .stalled: rate = 0
            case .down: return
            }
            allowance += rate * now.timeIntervalSince(last)
            last = now
            let chunk = min(Int(allowance), body.count - sent)
            guard chunk > 0 else { continue }
            let written = body[sent..<(sent + chunk)].withUnsafeBytes { send(client, $0.baseAddress, chunk, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { return }
            sent += written
            allowance -= Double(written)
        }
    }

    deinit {
        set(.down)
    }
}
