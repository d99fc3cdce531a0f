import AppCore
import EngineTerms
import Foundation
import Logging
import PiPLayout

/// The float's remembered corner and size in the XDG state file (P15).
public struct PlacementStore {
    public let path: String
    /// The last problem warned about, so a failing file is reported once, not on every save.
    private var lastWarning: PlacementFailure?

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
            warnOnce(.unusable(path: path, why: Self.problem(error)))
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
        } catch let error as FileWriteError {
            warnOnce(.notSaved(error))
        } catch {
            warnOnce(.notEncoded(error.localizedDescription))
        }
    }

    private mutating func warnOnce(_ failure: PlacementFailure) {
        guard failure != lastWarning else { return }
        lastWarning = failure
        Log.warn(failure.words)
    }

    private static func problem(_ error: Error) -> PlacementFailure.Problem {
        switch error {
        case DecodingError.dataCorrupted: .notJSON
        case DecodingError.keyNotFound(let k, _): .missing(key: k.stringValue)
        case DecodingError.typeMismatch(_, let c), DecodingError.valueNotFound(_, let c):
            .wrongType(path: c.codingPath.map(\.stringValue).joined(separator: "."))
        case let error as CocoaError where error.code == .fileReadNoPermission: .permissionDenied
        default: .unreadable
        }
    }

    /// The file's layout.
    private struct StateFile: Codable {
        var version: Int
        var placement: Placement
    }
}
