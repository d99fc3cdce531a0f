import AppCore
import Foundation
import Logging
import Rooms

/// The files the app reads and writes while it runs: the rooms file it watches (M5),
/// the float's placement (P15) and the `--stats` log.
@MainActor
public final class AppFiles {
    public let roomsPath: String
    private var roomsStamp: Date?
    public var placement = PlacementStore(path: Paths.stateFile)
    public let stats: StatsLog?

    public init(roomsPath: String, statsPath: String?) throws {
        self.roomsPath = roomsPath
        roomsStamp = RoomsLoader.modificationDate(path: roomsPath)
        stats = try statsPath.map { try StatsLog(path: $0, startNanos: DispatchTime.now().uptimeNanoseconds) }
    }

    /// Reads the rooms file again when it changed; a broken edit keeps the current rooms.
    public func checkRooms() -> AppEvent? {
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

    /// Writes a stats event, when `--stats` asked for them.
    public func log(_ event: StatsEvent) {
        stats?.write(event, at: DispatchTime.now().uptimeNanoseconds)
    }
}
