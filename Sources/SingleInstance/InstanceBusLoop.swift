import SessionBus

/// The bus thread's work, one turn per wake-up of its `PollThread`: answers the calls that
/// arrived and posts their requests.
///
/// Not `Sendable`: it is made on the main thread and then handed to the bus thread, the only
/// one to touch the connection.
final class InstanceBusLoop {
    private let connection: BusConnection
    private let mailbox: InstanceMailbox

    init(connection: BusConnection, mailbox: InstanceMailbox) {
        self.connection = connection
        self.mailbox = mailbox
    }

    /// One turn: reads the socket if `busReadable`, answers what arrived and sends. False when
    /// the bus has gone away.
    func turn(busReadable: Bool) -> Bool {
        if busReadable { connection.readWrite() }
        connection.answerCalls { call in
            guard let call else { return .standardError("InvalidArgs", "unsupported argument type") }
            let answer = ApplicationResponder.answer(call)
            if let request = answer.request { mailbox.add(request) }
            return answer.reply
        }
        return connection.flush()
    }
}
