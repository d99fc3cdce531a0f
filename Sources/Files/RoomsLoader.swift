import Foundation
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

    /// Reads and validates a rooms file; the error names the file and the place of each problem.
    /// `-` (and `/dev/stdin`, pipes included) reads standard input.
    public static func load(path: String) throws(RoomsLoadError) -> RoomsConfig {
        let name = path == "-" ? "<stdin>" : (path as NSString).lastPathComponent
        let data = try read(path: path)
        do throws(RoomsFileError) {
            return try RoomsFile.parse(data, fileName: name)
        } catch {
            throw .invalid(error)
        }
    }

    /// The file's bytes, refusing anything over ``maximumBytes`` before reading it all.
    private static func read(path: String) throws(RoomsLoadError) -> Data {
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

extension RoomsLoader {
    /// When the file last changed, or nil when it cannot be read.
    public static func modificationDate(path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
