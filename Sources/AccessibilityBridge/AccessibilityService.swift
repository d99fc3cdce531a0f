import AccessibleTree
import EngineTerms
import Foundation
import LocksAndThreads
import SessionBus

/// FloatApp's objects on the AT-SPI2 accessibility bus, where screen readers (Orca) and other
/// assistive technologies find them, as GTK 4 and Qt serve theirs: no ATK, no GLib loop.
///
/// Use it from the app's main thread:
/// - `start` once the windows exist: it asks the session bus's `org.a11y.Bus` for the
///   accessibility bus, connects, embeds the application's root object in the registry's
///   desktop and starts the bus thread, which answers every call from the snapshot last
///   published.
/// - `publish(_:)` after each change: the bus thread sends the events the change makes.
/// - when `wake` is called (on the bus thread), post an event to the main loop; there,
///   `takeRequests()` and carry them out.
/// - `stop()` before the windows close.
public final class AccessibilityService: Sendable {
    private let mailbox: BusMailbox<AccessibleSnapshot, AccessibleRequest>
    private let thread: PollThread
    /// The app's unique name on the accessibility bus.
    public let busName: String

    /// Seconds a call to a bus (hello, the bus's address, the registry's Embed) may take.
    public static let busTimeout = 2.0

    private init(mailbox: BusMailbox<AccessibleSnapshot, AccessibleRequest>, thread: PollThread, busName: String) {
        self.mailbox = mailbox
        self.thread = thread
        self.busName = busName
    }

    /// The accessibility bus's address: `AT_SPI_BUS_ADDRESS` when set (as libatspi reads it),
    /// else what the session bus's `org.a11y.Bus` answers.
    private static func accessibilityAddress(_ environment: [String: String]) throws(SessionBusFailure) -> String {
        if let address = environment["AT_SPI_BUS_ADDRESS"], !address.isEmpty { return address }
        guard let session = BusConnection.sessionAddress(in: environment) else { throw .noSessionBus }
        let bus = try BusConnection(address: session, timeout: busTimeout)
        let reply = try bus.call(BusCall(destination: "org.a11y.Bus", path: "/org/a11y/bus", interface: "org.a11y.Bus",
                                         member: "GetAddress", arguments: []))
        guard case .string(let address)? = reply.first, !address.isEmpty else {
            throw .callFailed("org.a11y.Bus", member: "GetAddress", detail: "no address")
        }
        return address
    }

    /// Connects to the accessibility bus, embeds the application and starts the bus thread.
    /// - Throws: ``SessionBusFailure`` when there is no session bus, no accessibility bus or
    ///   no registry; the app then runs without its accessible tree.
    public static func start(
        _ snapshot: AccessibleSnapshot,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        wake: @escaping @Sendable () -> Void
    ) throws(SessionBusFailure) -> AccessibilityService {
        let connection = try BusConnection(address: accessibilityAddress(environment), timeout: busTimeout)
        let name = connection.uniqueName
        let root = DBusValue.structure([.string(name), .objectPath(AccessibleTree.rootPath)])
        _ = try connection.call(BusCall(destination: "org.a11y.atspi.Registry", path: AccessibleTree.rootPath,
                                        interface: "org.a11y.atspi.Socket", member: "Embed", arguments: [root]))
        guard let socket = connection.fileDescriptor else { throw .noSocket }
        let mailbox = BusMailbox<AccessibleSnapshot, AccessibleRequest>()
        let loop = AccessibilityBusLoop(connection: connection, busName: name, mailbox: mailbox, snapshot: snapshot, wake: wake)
        do {
            let thread = try PollThread(name: "floatapp-a11y", work: loop, watching: [socket]) { loop, readable in
                loop.turn(busReadable: readable[0])
            }
            return AccessibilityService(mailbox: mailbox, thread: thread, busName: name)
        } catch {
            throw .noThread(error.reason)
        }
    }

    /// Publishes the app's objects as they are now; the bus thread tells what changed.
    public func publish(_ snapshot: AccessibleSnapshot) {
        mailbox.post(snapshot)
        thread.wake()
    }

    /// The clicks and new texts asked for since the last call, oldest first.
    public func takeRequests() -> [AccessibleRequest] {
        mailbox.takeRequests()
    }

    /// Ends the bus thread and closes the connection, which takes the app out of the desktop's
    /// tree. Waits for the thread; safe to call more than once.
    public func stop() {
        thread.stop()
    }
}
