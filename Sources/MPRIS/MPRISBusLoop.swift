import EngineTerms
import SessionBus

/// The bus thread's work, one turn per wake-up of its ``PollThread``: answers calls from the
/// state last published, queues commands for the app and emits `PropertiesChanged` when the
/// app publishes a new state.
///
/// Not `Sendable`: it is made on the main thread and then handed to the bus thread, the only
/// one to touch `published` and the connection.
final class MPRISBusLoop {
    private let connection: BusConnection
    private let mailbox: BusMailbox<MediaState, MediaCommand>
    private let wake: @Sendable () -> Void
    private var published: MediaState

    init(connection: BusConnection, mailbox: BusMailbox<MediaState, MediaCommand>, state: MediaState, wake: @escaping @Sendable () -> Void) {
        self.connection = connection
        self.mailbox = mailbox
        self.wake = wake
        self.published = state
    }

    /// One turn: reads the socket if `busReadable`, answers what arrived, publishes a new state
    /// and sends. False when the bus has gone away.
    func turn(busReadable: Bool) -> Bool {
        if busReadable { connection.readWrite() }
        connection.answerCalls { call in answer(call) }
        if let state = mailbox.takePublished() { publish(state) }
        return connection.flush()
    }

    private func publish(_ state: MediaState) {
        let changes = MPRISProperties.changes(from: published, to: state)
        published = state
        for change in changes {
            let changed = DBusValue.dictionary(change.changed.map { ($0.name, $0.value) })
            connection.emitSignal(path: MPRISProperties.objectPath, interface: MPRISResponder.propertiesInterface,
                                  member: "PropertiesChanged",
                                  arguments: [.string(change.interface), changed, .stringArray([])])
        }
    }

    private func answer(_ call: BusCall?) -> BusReply {
        let answer = call.map { MPRISResponder.answer($0, state: published) }
            ?? MPRISAnswer(reply: .standardError("InvalidArgs", "unsupported argument type"))
        if let command = answer.command {
            mailbox.add(command)
            wake()
        }
        return answer.reply
    }
}
