import Foundation
import PiPLayout

/// Finds and reads the rooms file (R1) and validates it (R4).
enum RoomsLoader {
    /// Where rooms come from: `--rooms FILE`, else the user's config file, else the built-in default.
    static func resolve(explicit: String?) -> String? {
        if let explicit { return explicit }
        if FileManager.default.fileExists(atPath: Paths.userRoomsFile) { return Paths.userRoomsFile }
        return Paths.assetsDir.map { $0 + "/rooms.json" }
    }

    /// Reads and validates a rooms file; the messages name the file and the place of each problem.
    static func load(path: String) -> Result<RoomsConfig, RoomsLoadError> {
        let name = (path as NSString).lastPathComponent
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDir: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDir)
            let why = !exists ? "no such file" : isDir.boolValue ? "is a directory" : "cannot be read"
            return .failure(RoomsLoadError(messages: ["\(path): \(why)"]))
        }
        switch RoomsFile.parse(data, fileName: name) {
        case .success(let config): return .success(config)
        case .failure(let error): return .failure(RoomsLoadError(messages: error.messages))
        }
    }
}

extension RoomsLoader {
    /// When the file last changed, or nil when it cannot be read.
    static func modificationDate(path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}

/// A rooms file that cannot be used, with one message per problem.
struct RoomsLoadError: Error {
    let messages: [String]
}
