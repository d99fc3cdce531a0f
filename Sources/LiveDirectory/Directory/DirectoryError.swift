import Localization

/// Why a live server's section has no fresh list of streams.
public enum DirectoryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The statistics page could not be fetched: refused, timed out, an HTTP error status.
    case unreachable(String)
    /// The page arrived but is not a usable nginx-rtmp statistics page (not XML, cut short, too big).
    case badStats(String)

    /// A short sentence for the section header.
    public var description: String {
        switch self {
        case .unreachable(let reason): reason
        case .badStats(let reason): tr("bad statistics page: %s", reason)
        }
    }
}
