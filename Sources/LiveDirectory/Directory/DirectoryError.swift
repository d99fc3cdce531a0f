import JanusProtocol

/// Why a live server's section has no fresh list of streams, as data: AppCore words it.
public enum DirectoryError: Error, Hashable, Sendable {
    /// The statistics page could not be fetched: refused, timed out, an HTTP error status
    /// (never ``HTTPFetchError/tooLarge(limit:)``, which is a bad page).
    case unreachable(HTTPFetchError)
    /// The page arrived but is not a usable nginx-rtmp statistics page.
    case badStats(StatsPageProblem)
    /// A Janus server (R8) answered, but not with a listing: it refused, or sent what is no
    /// message (never a transport failure, which is ``unreachable(_:)``).
    case badJanusAnswer(JanusError)
}
