import Foundation
import Glibc

/// A TCP port on 127.0.0.1 that nobody listens on right now.
public func freeLocalPort() -> Int {
    let server = ListeningSocket()
    return server.port
}

/// A socket listening on 127.0.0.1 that never accepts: the kernel completes connections, and
/// nothing is ever sent back. Closed on deinit.
public final class ListeningSocket {
    private let descriptor: Int32
    public let port: Int

    public init() {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                _ = bind(descriptor, generic, length)
                _ = listen(descriptor, 8)
                _ = getsockname(descriptor, generic, &length)
            }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Accepted connections, kept open and never answered.
    private var clients: [Int32] = []

    /// Waits up to `timeout` seconds for a client to connect, and accepts it.
    public func waitForClient(timeout: Double) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, Int32(timeout * 1000)) == 1 else { return false }
        let client = accept(descriptor, nil, nil)
        guard client >= 0 else { return false }
        clients.append(client)
        return true
    }

    deinit {
        for client in clients { close(client) }
        close(descriptor)
    }
}


/// Whether something on 127.0.0.1 accepts a TCP connection on `port` now: the one check tests
/// make while a server they started comes up.
public func localPortAccepts(_ port: Int) -> Bool {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    return withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
        }
    }
}

/// Whether a server on 127.0.0.1:`port` listens, or holds a connection it accepted there, now,
/// read from the kernel's table (`/proc/net/tcp`) without connecting: for a server that takes
/// one client only (`ffmpeg -listen 1`), which a test connection would use up, and which stops
/// listening as soon as its client (a player retrying on its own schedule) is in.
public func localPortServes(_ port: Int) -> Bool {
    guard let table = try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8) else { return false }
    let local = String(format: "0100007F:%04X", port)
    let listening = "0A", established = "01"
    return table.split(separator: "\n").contains { line in
        let fields = line.split(separator: " ")
        return fields.count > 3 && fields[1] == local && (fields[3] == listening || fields[3] == established)
    }
}
