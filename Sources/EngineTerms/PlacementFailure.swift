/// Why the float's remembered place (P15) is not read or not saved, as data: the placement
/// store throws it and AppCore words it.
public enum PlacementFailure: Error, Hashable, Sendable {
    /// The state file is there but cannot be used; the float starts at its default place.
    case unusable(path: String, why: Problem)
    /// Saving the place failed.
    case notSaved(FileWriteError)
    /// Encoding the place failed; the reason is Foundation's.
    case notEncoded(String)

    /// What is wrong with the state file.
    public enum Problem: Hashable, Sendable {
        case notJSON
        case missing(key: String)
        case wrongType(path: String)
        case permissionDenied
        case unreadable
    }
}
