import CDBus
import Foundation

/// A private libdbus connection to a message bus, closed (releasing its names) on deinit.
///
/// After `MPRISService.start` hands it to the bus thread, only that thread uses it.
final class BusConnection: @unchecked Sendable {
    /// The libdbus `DBusConnection`.
    let raw: OpaquePointer

    /// The session bus address from `environment`: `DBUS_SESSION_BUS_ADDRESS`, else the
    /// per-user bus socket in `XDG_RUNTIME_DIR`. Nil when there is neither, so libdbus never
    /// tries to autolaunch a bus.
    static func sessionAddress(in environment: [String: String]) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return nil }
        let socket = runtime + "/bus"
        var info = stat()
        guard stat(socket, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK else { return nil }
        return "unix:path=" + socket
    }

    /// Connects to the bus at `address` and says hello to it.
    init(address: String) throws {
        var error = DBusError()
        dbus_error_init(&error)
        guard let connection = dbus_connection_open_private(address, &error) else {
            throw Self.failure(&error, "cannot connect to the session bus")
        }
        dbus_connection_set_exit_on_disconnect(connection, 0)
        guard dbus_bus_register(connection, &error) != 0 else {
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
            throw Self.failure(&error, "the session bus refused the connection")
        }
        raw = connection
    }

    deinit {
        dbus_connection_close(raw)
        dbus_connection_unref(raw)
    }

    /// Asks for `name` without queueing; true if this connection now owns it.
    func requestName(_ name: String) throws -> Bool {
        var error = DBusError()
        dbus_error_init(&error)
        let reply = dbus_bus_request_name(raw, name, UInt32(DBUS_NAME_FLAG_DO_NOT_QUEUE), &error)
        if reply < 0 { throw Self.failure(&error, "cannot request the name \(name)") }
        return reply == DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER || reply == DBUS_REQUEST_NAME_REPLY_ALREADY_OWNER
    }

    /// The connection's socket, for `poll`.
    var fileDescriptor: Int32? {
        var fd: Int32 = -1
        return dbus_connection_get_unix_fd(raw, &fd) != 0 ? fd : nil
    }

    private static func failure(_ error: inout DBusError, _ what: String) -> MPRISUnavailable {
        defer { dbus_error_free(&error) }
        let detail = error.message.map { String(cString: $0) } ?? "unknown error"
        return MPRISUnavailable(description: "\(what) (\(detail)); media controls are off")
    }
}
