import EngineTerms
import Foundation
import LocksAndThreads
import SessionBus

/// Reads the desktop's motion and contrast settings from the XDG desktop portal on the session
/// bus and follows its `SettingChanged` signal, on a thread of its own: the first read may
/// start the portal (D-Bus activation), which takes a moment the main loop does not wait for.
///
/// Without a portal the settings stay at their defaults. GSettings are not read behind the
/// portal's back: dconf's own D-Bus service (`ca.desrt.dconf.Writer`) only writes and tells
/// what changed, and the values themselves are in dconf's database file, which only the dconf
/// library reads.
public final class AppearanceWatcher: Sendable {
    private let thread: PollThread

    /// The portal's bus name, object and interface.
    static let portal = (name: "org.freedesktop.portal.Desktop", path: "/org/freedesktop/portal/desktop",
                         interface: "org.freedesktop.portal.Settings")
    /// How long a call to the portal may take, in seconds (the first one may start it).
    static let callTimeout = 5.0

    private init(thread: PollThread) {
        self.thread = thread
    }

    /// Connects to the session bus, and on the watcher's thread reads the settings, then
    /// follows them: `onChange` gets the settings once read and again whenever a followed key
    /// changes; it must be thread-safe (e.g. `SDL_PushEvent`).
    public static func start(environment: [String: String] = ProcessInfo.processInfo.environment,
                             onChange: @escaping @Sendable (AppearanceSettings) -> Void) throws(SessionBusFailure) -> AppearanceWatcher {
        guard let address = BusConnection.sessionAddress(in: environment) else { throw .noSessionBus }
        let connection = try BusConnection(address: address, timeout: callTimeout)
        try connection.addMatch("type='signal',interface='\(portal.interface)',member='SettingChanged',path='\(portal.path)'")
        guard let socket = connection.fileDescriptor else { throw .noSocket }
        let watch = Watch(connection: connection, onChange: onChange)
        do {
            let thread = try PollThread(name: "floatapp-appearance", work: watch, watching: [socket]) { watch, readable in
                watch.turn(busReadable: readable.first ?? false)
            }
            return AppearanceWatcher(thread: thread)
        } catch {
            throw .noThread(error.reason)
        }
    }

    /// Ends the watcher's thread and closes its connection; waits for it.
    public func stop() {
        thread.stop()
    }

    /// The watcher thread's state, confined to it.
    private final class Watch {
        let connection: BusConnection
        let onChange: @Sendable (AppearanceSettings) -> Void
        var settings = AppearanceSettings()
        var hasRead = false

        init(connection: BusConnection, onChange: @escaping @Sendable (AppearanceSettings) -> Void) {
            self.connection = connection
            self.onChange = onChange
        }

        /// The first turn reads every key; each later one takes the signals received. False
        /// when the bus has gone away.
        func turn(busReadable: Bool) -> Bool {
            if !hasRead {
                hasRead = true
                readAll()
                onChange(settings)
            }
            if busReadable { connection.readWrite() }
            var changed = false
            connection.takeSignals { signal in changed = settings.take(signal) || changed }
            if changed { onChange(settings) }
            return connection.flush()
        }

        /// Reads each key; one the portal does not serve (or no portal) stays unknown.
        private func readAll() {
            for (namespace, key) in AppearanceSettings.keys {
                let call = BusCall(destination: portal.name, path: portal.path, interface: portal.interface,
                                   member: "Read", arguments: [.string(namespace), .string(key)])
                if let value = try? connection.call(call).first { _ = settings.set(namespace, key, value) }
            }
        }
    }
}
