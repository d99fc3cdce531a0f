import AppCore
import EngineTerms
import Files
import Foundation
import Logging
import PiPLayout
import Rooms

/// The files the app reads and writes while it runs: the rooms file it watches (M5),
/// the float's placement (P15) and the `--stats` log. Their failures are logged here, in the
/// words AppCore gives them.
@MainActor
final class AppFiles {
    let roomsPath: String
    private var roomsStamp: Date?
    private let placement = PlacementStore(path: Paths.stateFile)
    /// The last placement problem warned about, so a failing file is reported once, not on every save.
    private var lastPlacementWarning: PlacementFailure?
    let stats: StatsLog?

    init(roomsPath: String, statsPath: String?) throws {
        self.roomsPath = roomsPath
        roomsStamp = RoomsLoader.modificationDate(path: roomsPath)
        do {
            stats = try statsPath.map { try StatsLog(path: $0, startNanos: DispatchTime.now().uptimeNanoseconds) }
        } catch let error as FileWriteError where error.step == .createFile {
            throw AppError.cannotWriteStats(path: error.path)
        }
    }

    /// Reads the rooms file again when it changed; a broken edit keeps the current rooms.
    func checkRooms() -> AppEvent? {
        let stamp = RoomsLoader.modificationDate(path: roomsPath)
        guard let stamp, stamp != roomsStamp else { return nil }
        roomsStamp = stamp
        do throws(RoomsLoadError) {
            let config = try RoomsLoader.load(path: roomsPath)
            Log.info("rooms file changed: \(config.rooms.count) rooms from \(roomsPath)")
            return .roomsReloaded(config)
        } catch {
            for m in error.messages { Log.warn(m) }
            return .roomsFileFailed(problems: error.messages.count)
        }
    }

    /// The saved placement, or nil: when there is none, or (with a warning) when the file is unusable.
    func loadPlacement() -> Placement? {
        do throws(PlacementFailure) {
            return try placement.load()
        } catch {
            warnOnce(error)
            return nil
        }
    }

    /// Saves the placement; a failure is warned about once until a save succeeds.
    func savePlacement(_ placement: Placement) {
        do throws(PlacementFailure) {
            try self.placement.save(placement)
            lastPlacementWarning = nil
        } catch {
            warnOnce(error)
        }
    }

    private func warnOnce(_ failure: PlacementFailure) {
        guard failure != lastPlacementWarning else { return }
        lastPlacementWarning = failure
        Log.warn(failure.words)
    }

    /// Writes a stats event, when `--stats` asked for them.
    func log(_ event: StatsEvent) {
        stats?.write(event.name, event.fields, at: DispatchTime.now().uptimeNanoseconds)
    }
}
