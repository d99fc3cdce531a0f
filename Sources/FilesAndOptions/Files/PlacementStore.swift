import Foundation
import Localization
import Logging
import PiPLayout

/// The float's remembered corner and size in the XDG state file (P15).
public struct PlacementStore {
    public let path: String
    /// The last problem warned about, so a failing file is reported once, not on every save.
    private var lastWarning: String?

    /// A store of `path`; removes temporaries that a killed earlier run left beside it.
    public init(path: String) {
        self.path = path
        AtomicFile.removeStaleTemporaries(of: path)
    }

    /// The saved placement; nil with a warning when the file is missing parts or unreadable.
    public mutating func load() -> Placement? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let state = try JSONDecoder().decode(StateFile.self, from: data)
            return state.placement
        } catch {
            warnOnce(tr("ignoring the state file %1$s, which cannot be used (%2$s); the float starts at its default place", path, Self.describe(error)))
            return nil
        }
    }

    /// Writes the placement atomically (temporary file, then rename).
    public mutating func save(_ placement: Placement) {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            var data = try encoder.encode(StateFile(version: 1, placement: placement))
            data.append(0x0a)
            try AtomicFile.write(data, to: path)
            lastWarning = nil
        } catch let error as AtomicFileError {
            warnOnce(tr("the float's place will not be remembered: %s", "\(error)"))
        } catch {
            warnOnce(tr("the float's place will not be remembered: %s", error.localizedDescription))
        }
    }

    private mutating func warnOnce(_ message: String) {
        guard message != lastWarning else { return }
        lastWarning = message
        Log.warn(message)
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted: return "not valid JSON"
        case DecodingError.keyNotFound(let k, _): return "\(k.stringValue) is missing"
        case DecodingError.typeMismatch(_, let c), DecodingError.valueNotFound(_, let c):
            return "\(c.codingPath.map(\.stringValue).joined(separator: ".")) has the wrong type"
        case let error as CocoaError where error.code == .fileReadNoPermission: return "permission denied"
        default: return "it cannot be read"
        }
    }

    /// The file's layout.
    private struct StateFile: Codable {
        var version: Int
        var placement: Placement
    }
}
