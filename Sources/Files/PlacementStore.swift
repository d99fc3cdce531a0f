import EngineTerms
import Foundation
import PiPLayout

/// The float's remembered corner and size in the XDG state file (P15).
public struct PlacementStore {
    public let path: String

    /// A store of `path`; removes temporaries that a killed earlier run left beside it.
    public init(path: String) {
        self.path = path
        AtomicFile.removeStaleTemporaries(of: path)
    }

    /// The saved placement; nil when there is none. Throws when the file is there but is
    /// missing parts or unreadable (the float then starts at its default place).
    public func load() throws(PlacementFailure) -> Placement? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let state = try JSONDecoder().decode(StateFile.self, from: data)
            return state.placement
        } catch {
            throw .unusable(path: path, why: Self.problem(error))
        }
    }

    /// Writes the placement atomically (temporary file, then rename).
    public func save(_ placement: Placement) throws(PlacementFailure) {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            var data = try encoder.encode(StateFile(version: 1, placement: placement))
            data.append(0x0a)
            try AtomicFile.write(data, to: path)
        } catch let error as FileWriteError {
            throw .notSaved(error)
        } catch {
            throw .notEncoded(error.localizedDescription)
        }
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
