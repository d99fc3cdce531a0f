import AccessibleTree
import SessionBus

/// The bus thread's work, one turn per wake-up: answers AT-SPI2's calls from the snapshot last
/// published, hands clicks and new texts to the app, and on a new snapshot sends the events that tell what
/// changed.
///
/// Not `Sendable`: made on the main thread, then handed to the bus thread, the only one to use it.
final class AccessibilityBusLoop {
    private let connection: BusConnection
    private let mailbox: BusMailbox<AccessibleSnapshot, AccessibleRequest>
    private let wake: @Sendable () -> Void
    private let busName: String
    private var published: AccessibleSnapshot

    init(connection: BusConnection, busName: String, mailbox: BusMailbox<AccessibleSnapshot, AccessibleRequest>, snapshot: AccessibleSnapshot,
         wake: @escaping @Sendable () -> Void) {
        self.connection = connection
        self.busName = busName
        self.mailbox = mailbox
        self.published = snapshot
        self.wake = wake
    }

    /// One turn; false when the bus has gone away.
    func turn(busReadable: Bool) -> Bool {
        if busReadable { connection.readWrite() }
        if let snapshot = mailbox.takePublished() { publish(snapshot) }
        connection.answerCalls { call in answer(call) }
        return connection.flush()
    }

    private func publish(_ snapshot: AccessibleSnapshot) {
        let events = snapshot.tree.events(since: published.tree)
        published = snapshot
        for event in events {
            let signal = AtspiSignal(event, in: snapshot.tree, busName: busName)
            connection.emitSignal(path: signal.path, interface: signal.interface, member: signal.member,
                                  arguments: signal.arguments)
        }
    }

    private func answer(_ call: BusCall?) -> BusReply {
        guard let call else { return .standardError("InvalidArgs", "unsupported argument type") }
        let (reply, request) = AtspiResponder(snapshot: published, busName: busName, applicationID: 0).answer(call)
        if let request {
            mailbox.add(request)
            wake()
        }
        return reply
    }
}
