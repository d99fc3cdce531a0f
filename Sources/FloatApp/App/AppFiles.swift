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
    /// The rooms file watched (M5): the user's once a save made it.
    private(set) var roomsPath: String
    private var roomsStamp: Date?
    private let placement = PlacementStore(path: Paths.stateFile)
    /// The last placement problem warned about, so a failing file is reported once, not on every save.
    private var lastPlacementWarning: PlacementFailure?
    let stats: StatsLog?

    /// `startNanos` is the log's time 0 (`DispatchTime` nanoseconds): when the process began.
    init(roomsPath: String, statsPath: String?, startNanos: UInt64) throws {
        self.roomsPath = roomsPath
        roomsStamp = RoomsLoader.modificationDate(path: roomsPath)
        do {
            stats = try statsPath.map { try StatsLog(path: $0, startNanos: startNanos) }
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
            let config = try RoomsLoader.load(path: roomsPath, fileName: roomsPath == Paths.userRoomsFile ? roomsPath : nil)
            Log.info("rooms file changed: \(config.rooms.count) rooms from \(roomsPath)")
            return .roomsReloaded(config)
        } catch {
            for m in error.messages { Log.warn(m) }
            return .roomsFileFailed(error)
        }
    }

    /// Saves a change to the user's rooms file (R6), on the main thread: the file is a few
    /// kilobytes, read, edited and written in well under a frame. The file watched is the user's
    /// from then on, as written: the watcher does not take the app's own write for an edit.
    func save(_ change: UserRoomsChange) -> AppEvent {
        let path = Paths.userRoomsFile
        do throws(RoomsSaveError) {
            let saved: UserRoomsSaved
            switch change {
            case .add(let room, let seeded):
                saved = UserRoomsSaved(config: try UserRoomsFile.add(room, to: path, seed: seeded ? roomsPath : nil))
            case .remove(let id, _):
                let removed = try UserRoomsFile.remove(id, from: path)
                saved = UserRoomsSaved(config: removed.saved, removed: (removed.element, removed.index))
            case .restore(let room):
                saved = UserRoomsSaved(config: try UserRoomsFile.restore(room.element, at: room.index, in: path))
            }
            roomsPath = path
            roomsStamp = RoomsLoader.modificationDate(path: path)
            Log.info("rooms file saved: \(saved.config.rooms.count) rooms in \(path)")
            return .userRoomsSaved(change, .success(saved))
        } catch {
            return .userRoomsSaved(change, .failure(error))
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
    func log(_ event: StatsEvent, at nanos: UInt64 = DispatchTime.now().uptimeNanoseconds) {
        stats?.write(event.name, event.fields, at: nanos)
    }
}
