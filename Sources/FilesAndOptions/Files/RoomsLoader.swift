import Foundation
import Localization
import Rooms

/// Finds and reads the rooms file (R1) and validates it (R4).
public enum RoomsLoader {
    /// Where rooms come from: `--rooms FILE`, else the user's config file, else the built-in default.
    public static func resolve(explicit: String?) -> String? {
        if let explicit { return explicit }
        if FileManager.default.fileExists(atPath: Paths.userRoomsFile) { return Paths.userRoomsFile }
        return Paths.assetsDir.map { $0 + "/rooms.json" }
    }

    /// The largest rooms file read: far above any real one (a thousand rooms is about
    /// 300 KB), small enough that parsing one on the main thread stays quick.
    public static let maximumBytes = 4 * 1024 * 1024

    /// Reads and validates a rooms file; the messages name the file and the place of each problem.
    /// `-` (and `/dev/stdin`, pipes included) reads standard input.
    public static func load(path: String) -> Result<RoomsConfig, RoomsLoadError> {
        let name = path == "-" ? "<stdin>" : (path as NSString).lastPathComponent
        let data: Data
        switch read(path: path) {
        case .success(let d): data = d
        case .failure(let error): return .failure(error)
        }
        switch RoomsFile.parse(data, fileName: name) {
        case .success(let config): return .success(config)
        case .failure(let error): return .failure(RoomsLoadError(messages: error.messages))
        }
    }

    /// The file's bytes, refusing anything over ``maximumBytes`` before reading it all.
    private static func read(path: String) -> Result<Data, RoomsLoadError> {
        let shown = path == "-" ? tr("standard input") : path
        var isDir: ObjCBool = false
        if path != "-", !FileManager.default.fileExists(atPath: path, isDirectory: &isDir) || isDir.boolValue {
            return .failure(RoomsLoadError(messages: [isDir.boolValue ? tr("%s: is a directory", path) : tr("%s: no such file", path)]))
        }
        guard let handle = path == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: path) else {
            return .failure(RoomsLoadError(messages: [tr("%s: cannot be read", path)]))
        }
        defer { if path != "-" { try? handle.close() } }
        do {
            let data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
            guard data.count <= maximumBytes else {
                return .failure(RoomsLoadError(messages: [
                    tr("%1$s: larger than %2$d MiB, which no rooms file needs; not reading it", shown, SizeLimit(bytes: maximumBytes).mebibytes),
                ]))
            }
            return .success(data)
        } catch {
            return .failure(RoomsLoadError(messages: [tr("%1$s: cannot be read (%2$s)", shown, error.localizedDescription)]))
        }
    }
}

extension RoomsLoader {
    /// When the file last changed, or nil when it cannot be read.
    public static func modificationDate(path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}

/// A rooms file that cannot be used, with one message per problem.
public struct RoomsLoadError: Error {
    public let messages: [String]
}
