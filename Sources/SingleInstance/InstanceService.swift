import EngineTerms
import Foundation
import LocksAndThreads
import SessionBus

/// One FloatApp per session (W14): the first owns ``ApplicationID/busName`` and answers
/// `org.freedesktop.Application`; a later one hands its request over to it and ends.
///
/// ```swift
/// switch try InstanceService.claim(.open(uris, activation)) {
/// case .handedOver: exit(0)
/// case .claimed(let name): service = try InstanceService.start(name)   // at once: callers wait
/// }
/// service.setWake { loopWaker.wake() }     // once the main loop can be woken
/// for request in service.takeRequests() { ... }
/// ```
///
/// A bus thread (a ``PollThread``) answers calls as they come, from the first moment, so a
/// caller never waits for the app's start; the requests wait in a mailbox for the main loop.
public final class InstanceService: Sendable {
    private let mailbox: InstanceMailbox
    private let thread: PollThread

    /// Seconds each step on the bus may take: connecting, the name, and the hand-over, each.
    /// A second FloatApp ends well within 2 s of its start.
    public static let busTimeout = 0.8

    private init(mailbox: InstanceMailbox, thread: PollThread) {
        self.mailbox = mailbox
        self.thread = thread
    }

    /// Takes ``ApplicationID/busName`` on the session bus, or, when another FloatApp has it,
    /// makes `request` of that one (an `.open`'s items are the URIs to send, see ``ItemURI``);
    /// a nil request asks nothing of it.
    ///
    /// - Parameters:
    ///   - address: the bus to use; nil means the session bus found in `environment`.
    /// - Throws: ``SessionBusFailure`` when there is no session bus, it refuses, or the running
    ///   FloatApp does not answer; the caller then runs on its own.
    public static func claim(
        _ request: InstanceRequest?, address: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(SessionBusFailure) -> InstanceClaim {
        guard let address = address ?? BusConnection.sessionAddress(in: environment) else { throw .noSessionBus }
        let connection = try BusConnection(address: address, timeout: busTimeout)
        if try connection.requestName(ApplicationID.busName) { return .claimed(ClaimedName(connection)) }
        guard let request else { return .taken }
        _ = try connection.call(handOver(request))
        return .handedOver
    }

    /// The call that makes `request` of the running FloatApp.
    static func handOver(_ request: InstanceRequest) -> BusCall {
        let activation = request.activation
        let data = DBusValue.dictionary([("desktop-startup-id", activation.startupID), ("activation-token", activation.token)]
            .compactMap { key, value in value.map { (key, DBusValue.string($0)) } })
        let (member, arguments): (String, [DBusValue]) = switch request {
        case .activate: ("Activate", [data])
        case .open(let uris, _): ("Open", [.stringArray(uris), data])
        case .action(let name, _): ("ActivateAction", [.string(name), .variants([]), data])
        }
        return BusCall(destination: ApplicationID.busName, path: ApplicationID.objectPath, interface: ApplicationID.interface,
                       member: member, arguments: arguments)
    }

    /// Starts answering on the name `claimed` holds; requests wait in ``takeRequests()``.
    public static func start(_ claimed: sending ClaimedName) throws(SessionBusFailure) -> InstanceService {
        let connection = claimed.take()
        guard let socket = connection.fileDescriptor else { throw .noSocket }
        let mailbox = InstanceMailbox()
        let loop = InstanceBusLoop(connection: connection, mailbox: mailbox)
        do {
            let thread = try PollThread(name: "floatapp-instance", work: loop, watching: [socket]) { loop, readable in
                loop.turn(busReadable: readable[0])
            }
            return InstanceService(mailbox: mailbox, thread: thread)
        } catch {
            throw .noThread(error.reason)
        }
    }

    /// Calls `wake` (on the bus thread) whenever a request arrives, and now if some wait;
    /// `wake` must be thread-safe (e.g. `SDL_PushEvent`).
    public func setWake(_ wake: @escaping @Sendable () -> Void) {
        mailbox.setWake(wake)
    }

    /// The requests received since the last call, oldest first.
    public func takeRequests() -> [InstanceRequest] {
        mailbox.takeRequests()
    }

    /// Ends the bus thread and closes the connection, which releases the name. Waits for the
    /// thread; safe to call more than once.
    public func stop() {
        thread.stop()
    }
}

/// What ``InstanceService/claim(_:address:environment:)`` found.
public enum InstanceClaim {
    /// This process owns the name now: start answering on it at once.
    case claimed(ClaimedName)
    /// The running FloatApp took the request: this process ends.
    case handedOver
    /// Another FloatApp owns the name and was asked nothing: this process runs without it.
    case taken
}

/// The connection that owns ``ApplicationID/busName``, until ``InstanceService/start(_:)``
/// hands it to the bus thread. Not `Sendable`: it is used on one thread at a time.
public final class ClaimedName {
    private var connection: BusConnection?

    init(_ connection: BusConnection) {
        self.connection = connection
    }

    /// The connection, once.
    func take() -> BusConnection {
        defer { connection = nil }
        guard let connection else { preconditionFailure("a claimed name is started once") }
        return connection
    }
}
