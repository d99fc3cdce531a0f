import Foundation
import PiPLayout

/// The float's remembered corner and size in the XDG state file (P15).
struct PlacementStore {
    let path: String

    /// The saved placement; nil with a warning when the file is missing parts or unreadable.
    func load() -> Placement? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let state = try JSONDecoder().decode(StateFile.self, from: data)
            return state.placement
        } catch {
            Log.warn("ignoring unreadable state file \(path): \(Self.describe(error))")
            return nil
        }
    }

    /// Writes the placement atomically (temporary file, then rename).
    func save(_ placement: Placement) {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            var data = try encoder.encode(StateFile(version: 1, placement: placement))
            data.append(0x0a)
            try AtomicFile.write(data, to: path)
        } catch {
            Log.warn("could not save the float placement to \(path): \(error)")
        }
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let c): return c.debugDescription
        case DecodingError.keyNotFound(let k, _): return "missing \(k.stringValue)"
        case DecodingError.typeMismatch(_, let c), DecodingError.valueNotFound(_, let c): return c.debugDescription
        default: return error.localizedDescription
        }
    }

    /// The file's layout.
    private struct StateFile: Codable {
        var version: Int
        var placement: Placement
    }
}
