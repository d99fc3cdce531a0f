import Foundation
import LiveDirectory
import Rooms

/// The one directory read: fetches a live server's statistics page over HTTP under
/// ``NginxStats/maximumSize``, parses it, and says why it failed as a ``DirectoryError``.
/// The app and the tests read servers through it.
///
/// ```swift
/// let reader = StatsReader(timeout: 4)
/// let streams = try await reader.read("http://127.0.0.1:8080/stat")   // throws a DirectoryError
/// ```
public final class StatsReader: Sendable {
    private let http: HTTPFetcher

    /// Creates a reader whose requests each take at most `timeout` seconds.
    public init(timeout: Double = 4) {
        http = HTTPFetcher(timeout: timeout, maximumSize: NginxStats.maximumSize)
    }

    /// The streams the page at `url` lists, or why there are none: a page over the cap is a bad
    /// page (as ``NginxStats/parse(_:)`` says for one that arrived whole), any other failure to
    /// fetch it an unreachable server.
    public func read(_ url: String) async throws(DirectoryError) -> [LiveStreamInfo] {
        let page: Data
        do throws(HTTPFetchError) {
            page = try await http.get(url)
        } catch {
            if case .tooLarge(let limit) = error { throw .badStats(.tooLarge(SizeLimit(bytes: limit))) }
            throw .unreachable(error)
        }
        do throws(StatsPageProblem) {
            return try NginxStats.parse(page)
        } catch {
            throw .badStats(error)
        }
    }

    /// Reads `url` in a detached task (a loop that is not the main actor's still gets it) and
    /// hands the outcome to `deliver`, as ``LiveDirectory/received(_:serverID:serial:now:)`` takes it.
    public func read(_ url: String, deliver: @escaping @Sendable (Result<[LiveStreamInfo], DirectoryError>) -> Void) {
        Task.detached { [self] in
            do throws(DirectoryError) {
                deliver(.success(try await read(url)))
            } catch {
                deliver(.failure(error))
            }
        }
    }
}
