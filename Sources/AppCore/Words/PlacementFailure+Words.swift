import EngineTerms
import Localization

extension PlacementFailure {
    /// The warning logged once.
    public var words: String {
        switch self {
        case .unusable(let path, let why):
            tr("ignoring the state file %1$s, which cannot be used (%2$s); the float starts at its default place", path, why.words)
        case .notSaved(let error): tr("the float's place will not be remembered: %s", error.words)
        case .notEncoded(let reason): tr("the float's place will not be remembered: %s", reason)
        }
    }
}

extension PlacementFailure.Problem {
    var words: String {
        switch self {
        case .notJSON: "not valid JSON"
        case .missing(let key): "\(key) is missing"
        case .wrongType(let path): "\(path) has the wrong type"
        case .permissionDenied: "permission denied"
        case .unreadable: "it cannot be read"
        }
    }
}

extension FileWriteError {
    /// `cannot write PATH: REASON`.
    public var words: String {
        let action = switch step {
        case .createFolder: "create the folder"
        case .createFile: "create a file in"
        case .write: "write"
        case .replace: "replace"
        }
        return "cannot \(action) \(path): \(reason)"
    }
}
