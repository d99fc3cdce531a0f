import EngineTerms
import Foundation
import LocksAndThreads
import SessionBus

/// FloatApp as an MPRIS 2 player on the session bus (`org.mpris.MediaPlayer2.floatapp`).
///
/// A bus thread answers media controllers (panels, media keys, `playerctl`) from the state
/// the app last published and queues their commands. Use it from the app's main thread:
/// - `start` once (e.g. when a room opens); it returns at once.
/// - `update(_:)` whenever the title, speaker, status or volume change; changed properties
///   go out as `PropertiesChanged`.
/// - when `wake` is called (on the bus thread), post an event to the main loop; there,
///   `takeCommands()` and carry them out.
/// - `stop()` (e.g. when the room closes) releases the name; it is also called on deinit.
///
/// The bus thread is a ``PollThread`` that owns the ``MPRISBusLoop`` and its connection.
public final class MPRISService: Sendable {
    /// The well-known name the app owns: `org.mpris.MediaPlayer2.floatapp`, or
    /// `org.mpris.MediaPlayer2.floatapp.instance<PID>` when another FloatApp has that.
    public let busName: String

    private let mailbox: BusMailbox<MediaState, MediaCommand>
    private let thread: PollThread

    /// Seconds a call to the bus daemon (hello, name requests) may take before `start` gives up.
    public static let busTimeout = 2.0

    /// The name FloatApp asks for first.
    public static let preferredName = "org.mpris.MediaPlayer2.floatapp"

    private init(busName: String, mailbox: BusMailbox<MediaState, MediaCommand>, thread: PollThread) {
        self.busName = busName
        self.mailbox = mailbox
        self.thread = thread
    }

    /// Connects to the session bus, owns the player's name and starts the bus thread.
    ///
    /// - Parameters:
    ///   - state: what to show until the first `update(_:)`.
    ///   - address: the bus to use; nil means the session bus found in `environment`.
    ///   - wake: called on the bus thread after a command is queued; must be thread-safe
    ///     (e.g. `SDL_PushEvent`).
    /// - Throws: ``MediaControlsFailure`` when there is no session bus or it refuses; the app then
    ///   runs without media controls.
    public static func start(
        state: MediaState = MediaState(),
        address: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        wake: @escaping @Sendable () -> Void
    ) throws(MediaControlsFailure) -> MPRISService {
        guard let address = address ?? BusConnection.sessionAddress(in: environment) else {
            throw .noSessionBus
        }
        let (connection, name) = try connect(address: address)
        guard let busSocket = connection.fileDescriptor else {
            throw .noSocket
        }
        let mailbox = BusMailbox<MediaState, MediaCommand>()
        let loop = MPRISBusLoop(connection: connection, mailbox: mailbox, state: state, wake: wake)
        do {
            let thread = try PollThread(name: "floatapp-mpris", work: loop, watching: [busSocket]) { loop, readable in
                loop.turn(busReadable: readable[0])
            }
            return MPRISService(busName: name, mailbox: mailbox, thread: thread)
        } catch {
            throw .noThread(error.reason)
        }
    }

    /// Connects to the bus at `address` and owns the preferred name, or this process's own.
    private static func connect(address: String) throws(MediaControlsFailure) -> (BusConnection, String) {
        let fallback = "\(preferredName).instance\(getpid())"
        let owned: (BusConnection, String)?
        do throws(SessionBusFailure) {
            let connection = try BusConnection(address: address, timeout: busTimeout)
            let name = try connection.requestName(preferredName) ? preferredName
                : try connection.requestName(fallback) ? fallback : nil
            owned = name.map { (connection, $0) }
        } catch {
            throw MediaControlsFailure(error)
        }
        guard let owned else { throw .namesTaken(preferred: preferredName, fallback: fallback) }
        return owned
    }

    /// Publishes the app's current state; properties that changed are signalled.
    public func update(_ state: MediaState) {
        mailbox.post(state)
        thread.wake()
    }

    /// The commands received since the last call, oldest first.
    public func takeCommands() -> [MediaCommand] {
        mailbox.takeRequests()
    }

    /// Ends the bus thread and closes the connection, which releases the name. Waits for the
    /// thread; safe to call more than once.
    public func stop() {
        thread.stop()
    }
}
