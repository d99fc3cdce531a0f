import AppCore
import EngineTerms
import Foundation
import Logging
import SingleInstance

/// One FloatApp per session (W14), as the process starts: either this process owns the
/// application's bus name (and answers on it from now on), or the running FloatApp was handed
/// the command line's items and this one ends.
struct RunningInstance {
    /// The name's service, when this process owns it; nil when it runs without (no session bus,
    /// `--new-instance`, an option only a new process honours).
    let service: InstanceService?

    /// Claims the name or hands `options.items` over; nil when they were handed over and the
    /// process should exit 0.
    @MainActor
    static func claim(_ options: Options, environment: [String: String] = ProcessInfo.processInfo.environment) -> RunningInstance? {
        guard !options.newInstance else { return RunningInstance(service: nil) }
        let activation = InstanceRequest.Activation(startupID: environment["DESKTOP_STARTUP_ID"],
                                                    token: environment["XDG_ACTIVATION_TOKEN"])
        let directory = FileManager.default.currentDirectoryPath
        let uris = options.items.map { ItemURI.uri(for: $0, in: directory, fileExists: FileManager.default.fileExists(atPath:)) }
        let request: InstanceRequest? = !options.handsOver ? nil : uris.isEmpty ? .activate(activation) : .open(uris, activation)
        do throws(SessionBusFailure) {
            switch try InstanceService.claim(request, environment: environment) {
            case .handedOver:
                Log.info(SingleInstanceWords.handedOver(items: uris.count))
                return nil
            case .taken:
                return RunningInstance(service: nil)
            case .claimed(let name):
                return RunningInstance(service: try InstanceService.start(name))
            }
        } catch {
            Log.info(error.instanceWords)
            return RunningInstance(service: nil)
        }
    }
}
