import Glibc

/// Whether the Unix-domain stream socket at `path` accepts a connection now.
///
/// A server's socket file appears when it binds, a moment before it listens, so a test waits
/// on this rather than on the file.
public func unixSocketAccepts(_ path: String) -> Bool {
    guard let descriptor = connectUnixSocket(path) else { return false }
    close(descriptor)
    return true
}

/// A descriptor connected to the Unix-domain stream socket at `path`, or nil if it does not
/// accept a connection now. The caller closes it.
public func connectUnixSocket(_ path: String) -> Int32? {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
        close(descriptor)
        return nil
    }
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes + [0]) }
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
    } == 0
    guard connected else {
        close(descriptor)
        return nil
    }
    return descriptor
}
