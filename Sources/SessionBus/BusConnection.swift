import CDBus
import EngineTerms
import Foundation
import LocksAndThreads

/// A private libdbus connection to a message bus, closed (releasing its names) on deinit.
/// Every libdbus call on the connection and its messages goes through it.
///
/// Not `Sendable`: libdbus connections are not to be used from two threads at once; a
/// service makes it on the main thread, then hands it to its bus thread, the only one to use it.
public final class BusConnection {
    /// The libdbus `DBusConnection`.
    private let raw: OpaquePointer
    /// How long a call to the bus daemon may take, in milliseconds.
    private let timeout: Int32

    /// The session bus address from `environment`: `DBUS_SESSION_BUS_ADDRESS`, else the
    /// per-user bus socket in `XDG_RUNTIME_DIR`. Nil when there is neither, so libdbus never
    /// tries to autolaunch a bus.
    public static func sessionAddress(in environment: [String: String]) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return nil }
        let socket = runtime + "/bus"
        var info = stat()
        guard stat(socket, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK else { return nil }
        return "unix:path=" + socket
    }

    /// The name the bus gave this connection when it said hello (`:1.42`), which objects
    /// this connection serves are known by.
    public private(set) var uniqueName = ""

    /// Connects to the bus at `address` and says hello to it, waiting at most `timeout` seconds.
    public init(address: String, timeout: Double) throws(SessionBusFailure) {
        var error = DBusError()
        dbus_error_init(&error)
        guard let connection = dbus_connection_open_private(address, &error) else {
            throw Self.failure(&error, .connect)
        }
        dbus_connection_set_exit_on_disconnect(connection, 0)
        raw = connection
        self.timeout = Int32(timeout * 1000)
        // libdbus waits for the bus's authentication reply without a timeout; a bus that
        // accepts the connection and never answers would block here for good. After
        // `timeout`, the socket is shut down, which ends the wait with an error.
        var socket: Int32 = -1
        _ = dbus_connection_get_socket(connection, &socket)
        let deadline = HandshakeDeadline(socket: socket)
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { deadline.expire() }
        defer { deadline.finish() }
        if case .string(let name)? = try callBus("Hello", [], failing: .hello).first { uniqueName = name }
    }

    deinit {
        dbus_connection_close(raw)
        dbus_connection_unref(raw)
    }

    /// Asks for `name` without queueing; true if this connection now owns it.
    public func requestName(_ name: String) throws(SessionBusFailure) -> Bool {
        let flags = DBusValue.uint32(UInt32(DBUS_NAME_FLAG_DO_NOT_QUEUE))
        let reply = try callBus("RequestName", [.string(name), flags], failing: .requestName(name))
        let owner = [DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER, DBUS_REQUEST_NAME_REPLY_ALREADY_OWNER].map { DBusValue.uint32(UInt32($0)) }
        return reply.first.map(owner.contains) ?? false
    }

    /// Asks the bus daemon to send this connection the signals that match `rule` (D-Bus match
    /// rule syntax: `type='signal',interface='…'`).
    public func addMatch(_ rule: String) throws(SessionBusFailure) {
        _ = try callBus("AddMatch", [.string(rule)], failing: .call("org.freedesktop.DBus", member: "AddMatch"))
    }

    /// Takes every message received: each signal whose arguments this connection reads is
    /// passed to `receive`; other messages are dropped (the connection serves no objects).
    public func takeSignals(_ receive: (BusSignal) -> Void) {
        while let message = dbus_connection_pop_message(raw) {
            defer { dbus_message_unref(message) }
            guard dbus_message_get_type(message) == DBUS_MESSAGE_TYPE_SIGNAL,
                  let arguments = DBusMessageReader.arguments(of: message) else { continue }
            receive(BusSignal(path: dbus_message_get_path(message).map { String(cString: $0) } ?? "",
                              interface: dbus_message_get_interface(message).map { String(cString: $0) } ?? "",
                              member: dbus_message_get_member(message).map { String(cString: $0) } ?? "",
                              arguments: arguments))
        }
    }

    /// Calls `method` of the bus daemon and waits for its reply's arguments.
    private func callBus(_ method: String, _ arguments: [DBusValue],
                         failing step: BusStep) throws(SessionBusFailure) -> [DBusValue] {
        let daemon = BusCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                             interface: "org.freedesktop.DBus", member: method, arguments: arguments)
        return try call(daemon, failing: step)
    }

    /// Calls method `call.member` of the object `call.path` that `call.destination` owns and
    /// waits, at most the connection's timeout, for its reply's arguments (an unreadable reply
    /// reads as none).
    public func call(_ call: BusCall) throws(SessionBusFailure) -> [DBusValue] {
        try self.call(call, failing: .call(call.destination ?? "", member: call.member))
    }

    private func call(_ call: BusCall, failing step: BusStep) throws(SessionBusFailure) -> [DBusValue] {
        guard let message = dbus_message_new_method_call(call.destination, call.path, call.interface, call.member) else {
            throw step.failure("out of memory")
        }
        defer { dbus_message_unref(message) }
        DBusMessageWriter.append(call.arguments, to: message)
        var error = DBusError()
        dbus_error_init(&error)
        guard let reply = dbus_connection_send_with_reply_and_block(raw, message, timeout, &error) else {
            throw Self.failure(&error, step)
        }
        defer { dbus_message_unref(reply) }
        return DBusMessageReader.arguments(of: reply) ?? []
    }

    /// The connection's socket, for `poll`.
    public var fileDescriptor: Int32? {
        var fd: Int32 = -1
        return dbus_connection_get_unix_fd(raw, &fd) != 0 ? fd : nil
    }

    /// Reads and writes what the socket allows, without blocking.
    public func readWrite() {
        dbus_connection_read_write(raw, 0)
    }

    /// Sends what is queued; false when the bus has gone away.
    public func flush() -> Bool {
        dbus_connection_flush(raw)
        return dbus_connection_get_is_connected(raw) != 0
    }

    /// Takes every message received: each method call is passed to `answer` (nil when its
    /// arguments hold a type this connection does not read), whose reply is sent unless the
    /// caller asked for none; other messages are dropped.
    public func answerCalls(_ answer: (BusCall?) -> BusReply) {
        while let message = dbus_connection_pop_message(raw) {
            defer { dbus_message_unref(message) }
            guard dbus_message_get_type(message) == DBUS_MESSAGE_TYPE_METHOD_CALL else { continue }
            let call = DBusMessageReader.arguments(of: message).map { arguments in
                BusCall(path: dbus_message_get_path(message).map { String(cString: $0) } ?? "",
                          interface: dbus_message_get_interface(message).map { String(cString: $0) },
                          member: dbus_message_get_member(message).map { String(cString: $0) } ?? "",
                          arguments: arguments)
            }
            let reply = answer(call)
            guard dbus_message_get_no_reply(message) == 0 else { continue }
            send(reply, to: message)
        }
    }

    /// Emits the signal `member` of `interface` from the object at `path`.
    public func emitSignal(path: String, interface: String, member: String, arguments: [DBusValue]) {
        guard let signal = dbus_message_new_signal(path, interface, member) else { return }
        defer { dbus_message_unref(signal) }
        DBusMessageWriter.append(arguments, to: signal)
        dbus_connection_send(raw, signal, nil)
    }

    private func send(_ reply: BusReply, to message: OpaquePointer) {
        let response: OpaquePointer?
        switch reply {
        case .values(let values):
            response = dbus_message_new_method_return(message)
            if let response { DBusMessageWriter.append(values, to: response) }
        case .error(let name, let text):
            response = dbus_message_new_error(message, name, text)
        }
        guard let response else { return }
        dbus_connection_send(raw, response, nil)
        dbus_message_unref(response)
    }

    private static func failure(_ error: inout DBusError, _ step: BusStep) -> SessionBusFailure {
        defer { dbus_error_free(&error) }
        return step.failure(error.message.map { String(cString: $0) } ?? "unknown error")
    }
}

/// Shuts a connecting socket down when the handshake takes too long, unless it finished first.
/// The timer's thread and the connecting thread meet only in `finish` and `expire`.
private final class HandshakeDeadline: Sendable {
    private let socket: Int32
    private let isDone = Guarded(false)

    init(socket: Int32) {
        self.socket = socket
    }

    /// The handshake ended (either way); the socket may be closed from now on.
    func finish() {
        isDone.withLock { $0 = true }
    }

    /// The time ran out: ends the handshake by shutting the socket down, if it is still going.
    func expire() {
        isDone.withLock { isDone in
            if !isDone, socket >= 0 { shutdown(socket, Int32(SHUT_RDWR)) }
            isDone = true
        }
    }
}
