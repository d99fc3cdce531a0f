import Foundation
import Rooms

/// Finds and reads the rooms file (R1) and validates it (R4).
public enum RoomsLoader {
    /// The largest rooms file read: far above any real one (a thousand rooms is about
    /// 300 KB), small enough that parsing one on the main thread stays quick.
    public static let maximumBytes = 4 * 1024 * 1024

    /// Reads and validates a rooms file; the error names the file (`fileName`, else the path's
    /// last part) and the place of each problem. `-` (and `/dev/stdin`, pipes included) reads
    /// standard input.
    /// A path ending in `.m3u` or `.m3u8` is a playlist (R7): the configuration lists it as its
    /// one rooms source, unread (``readPlaylist(path:)`` reads it); a rooms file's relative
    /// `playlists` paths are made relative to its folder.
    public static func load(path: String, fileName: String? = nil) throws(RoomsLoadError) -> RoomsConfig {
        if path != "-", PlaylistAddress.isPlaylistPath(path) {
            return RoomsConfig(rooms: [], playlists: [PlaylistReference(address: .file(path: path))])
        }
        let name = fileName ?? (path == "-" ? "<stdin>" : (path as NSString).lastPathComponent)
        let data = try read(path: path, limit: maximumBytes)
        var config: RoomsConfig
        do throws(RoomsFileError) {
            config = try RoomsFile.parse(data, fileName: name)
        } catch {
            throw .invalid(error)
        }
        let folder = path == "-" ? nil : (path as NSString).deletingLastPathComponent
        for i in config.playlists.indices {
            if case .file(let relative) = config.playlists[i].address, !relative.hasPrefix("/"), let folder, !folder.isEmpty {
                config.playlists[i].address = .file(path: folder + "/" + relative)
            }
        }
        return config
    }

    /// A playlist file's bytes, refusing one over ``Playlist/maximumSize`` before reading it all
    /// (a rooms file given as a list of rooms, `.json`, over ``maximumBytes``).
    public static func readPlaylist(path: String) throws(RoomsLoadError) -> Data {
        try read(path: path, limit: PlaylistAddress.isRoomsFilePath(path) ? maximumBytes : Playlist.maximumSize.bytes)
    }

    /// The file's bytes, refusing anything over `limit` before reading it all.
    static func read(path: String, limit maximumBytes: Int) throws(RoomsLoadError) -> Data {
        var isDir: ObjCBool = false
        if path != "-", !FileManager.default.fileExists(atPath: path, isDirectory: &isDir) || isDir.boolValue {
            throw isDir.boolValue ? .isDirectory(path: path) : .noSuchFile(path: path)
        }
        guard let handle = path == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: path) else {
            throw .cannotOpen(path: path)
        }
        defer { if path != "-" { try? handle.close() } }
        let data: Data
        do {
            data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
        } catch {
            throw .readFailed(path: path, reason: error.localizedDescription)
        }
        guard data.count <= maximumBytes else { throw .tooLarge(path: path, limit: SizeLimit(bytes: maximumBytes)) }
        return data
    }
}

/// The rooms the app starts with when no `--rooms` names a file (R6): the user's rooms file,
/// else the built-in one; a user's file that does not load leaves the app on the built-in
/// rooms, telling why, instead of stopping it.
public struct RoomsStart {
    /// Whose rooms are listed.
    public enum Origin: Equatable, Sendable {
        /// The user's rooms file.
        case userFile
        /// The built-in rooms file: the user has none.
        case builtIn
        /// The built-in rooms file, since the user's does not load (why).
        case userFileBroken(RoomsLoadError)
    }

    /// The rooms listed.
    public var config: RoomsConfig
    /// The file watched for changes (M5): the user's file unless there is none.
    public var watchedPath: String
    /// Whose rooms are listed.
    public var origin: Origin

    /// Reads the user's rooms file, else the built-in one at `builtIn`; throws only when the
    /// rooms listed in the end (the built-in ones) cannot be read.
    public static func read(builtIn: String?) throws(RoomsLoadError) -> RoomsStart {
        let user = Paths.userRoomsFile
        var broken: RoomsLoadError?
        if FileManager.default.fileExists(atPath: user) {
            do throws(RoomsLoadError) {
                return RoomsStart(config: try RoomsLoader.load(path: user, fileName: user), watchedPath: user, origin: .userFile)
            } catch {
                broken = error
            }
        }
        guard let builtIn else { throw broken ?? .noSuchFile(path: user) }
        let config = try RoomsLoader.load(path: builtIn)
        guard let broken else { return RoomsStart(config: config, watchedPath: builtIn, origin: .builtIn) }
        return RoomsStart(config: config, watchedPath: user, origin: .userFileBroken(broken))
    }
}

extension RoomsLoader {
    /// The built-in rooms file, installed with the app or in the source tree.
    public static var builtInPath: String? { Paths.assetsDir.map { $0 + "/rooms.json" } }

    /// When the file last changed, or nil when it cannot be read.
    public static func modificationDate(path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
