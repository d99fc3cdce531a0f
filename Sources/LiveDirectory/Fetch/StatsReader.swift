import Foundation
import Rooms

/// The one directory read: fetches a live server's statistics page over HTTP under
/// ``NginxStats/maximumSize``, parses it, and words why it failed as a ``DirectoryError``.
/// The app and the tests read servers through it.
///
/// ```swift
/// let reader = StatsReader(timeout: 4)
/// reader.read("http://127.0.0.1:8080/stat") { result in ... }   // called once, on a worker queue
/// ```
public final class StatsReader: Sendable {
    private let http: HTTPFetcher

    /// Creates a reader whose requests each take at most `timeout` seconds.
    public init(timeout: Double = 4) {
        http = HTTPFetcher(timeout: timeout, maximumSize: NginxStats.maximumSize)
    }

    /// Starts reading `url`; `completion` runs exactly once, on the reader's worker queue.
    public func read(_ url: String, completion: @escaping @Sendable (Result<[LiveStreamInfo], DirectoryError>) -> Void) {
        http.get(url) { completion(Self.streams(from: $0)) }
    }

    /// The streams a fetched page lists, or why there are none: a page over the cap is a bad
    /// page (as ``NginxStats/parse(_:)`` says for one that arrived whole), any other failure
    /// an unreachable server.
    static func streams(from fetched: Result<Data, HTTPFetchError>) -> Result<[LiveStreamInfo], DirectoryError> {
        switch fetched {
        case .success(let data): NginxStats.parse(data)
        case .failure(.tooLarge(let limit)): .failure(.badStats(SizeLimit(bytes: limit).exceeded))
        case .failure(let error): .failure(.unreachable(error.description))
        }
    }
}
