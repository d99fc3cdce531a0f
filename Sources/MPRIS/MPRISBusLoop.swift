import CDBus
import Foundation

/// The bus thread's work: blocks in `poll` on the bus socket and the mailbox's wake pipe,
/// answers calls from the state last published, queues commands for the app and emits
/// `PropertiesChanged` when the app publishes a new state. All libdbus calls on the
/// connection happen here.
///
/// `@unchecked Sendable`: it is created on the main thread and then used by the bus thread
/// alone, which is the only one to touch `published` and the connection.
final class MPRISBusLoop: @unchecked Sendable {
    private let connection: BusConnection
    private let mailbox: MPRISMailbox
    private let wake: @Sendable () -> Void
    private var published: MPRISState

    init(connection: BusConnection, mailbox: MPRISMailbox, state: MPRISState, wake: @escaping @Sendable () -> Void) {
        self.connection = connection
        self.mailbox = mailbox
        self.wake = wake
        self.published = state
    }

    /// Runs until the mailbox asks to stop or the bus goes away.
    func run() {
        guard let busSocket = connection.fileDescriptor else { return }
        var fds = [pollfd(fd: busSocket, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: mailbox.wakePipe.read, events: Int16(POLLIN), revents: 0)]
        while true {
            while let message = dbus_connection_pop_message(connection.raw) {
                handle(message)
                dbus_message_unref(message)
            }
            let (state, stop) = mailbox.takeState()
            if stop { return }
            if let state { publish(state) }
            dbus_connection_flush(connection.raw)
            guard dbus_connection_get_is_connected(connection.raw) != 0 else { return }
            fds[0].revents = 0
            fds[1].revents = 0
            if poll(&fds, 2, -1) < 0 && errno != EINTR { return }
            if fds[1].revents != 0 { mailbox.drainWakePipe() }
            if fds[0].revents != 0 { dbus_connection_read_write(connection.raw, 0) }
        }
    }

    private func publish(_ state: MPRISState) {
        let changes = MPRISProperties.changes(from: published, to: state)
        published = state
        for change in changes {
            guard let signal = dbus_message_new_signal(
                MPRISProperties.objectPath, MPRISResponder.propertiesInterface, "PropertiesChanged") else { continue }
            let changed = DBusValue.dictionary(change.changed.map { ($0.name, $0.value) })
            DBusMessageWriter.append([.string(change.interface), changed, .stringArray([])], to: signal)
            dbus_connection_send(connection.raw, signal, nil)
            dbus_message_unref(signal)
        }
    }

    private func handle(_ message: OpaquePointer) {
        guard dbus_message_get_type(message) == DBUS_MESSAGE_TYPE_METHOD_CALL else { return }
        let answer: MPRISAnswer
        if let arguments = DBusMessageReader.arguments(of: message) {
            let call = MPRISCall(
                path: dbus_message_get_path(message).map { String(cString: $0) } ?? "",
                interface: dbus_message_get_interface(message).map { String(cString: $0) },
                member: dbus_message_get_member(message).map { String(cString: $0) } ?? "",
                arguments: arguments)
            answer = MPRISResponder.answer(call, state: published)
        } else {
            answer = .error("InvalidArgs", "unsupported argument type")
        }
        if let command = answer.command {
            mailbox.add(command)
            wake()
        }
        guard dbus_message_get_no_reply(message) == 0 else { return }
        reply(to: message, with: answer.reply)
    }

    private func reply(to message: OpaquePointer, with reply: MPRISAnswer.Reply) {
        let response: OpaquePointer?
        switch reply {
        case .values(let values):
            response = dbus_message_new_method_return(message)
            if let response { DBusMessageWriter.append(values, to: response) }
        case .error(let name, let text):
            response = dbus_message_new_error(message, name, text)
        }
        guard let response else { return }
        dbus_connection_send(connection.raw, response, nil)
        dbus_message_unref(response)
    }
}
