import Foundation
import FoundationNetworking
#if canImport(FoundationNetworking)
#endif

/// Why an HTTP GET gave no page, as data: AppCore words it.
public enum HTTPFetchError: Error, Hashable, Sendable {
    /// The URL could not be read.
    case badURL(String)
    /// No answer: refused, timed out, name not found, connection dropped; the reason is Foundation's.
    case transport(String)
    /// The server answered with an HTTP error status.
    case status(Int)
    /// The body is larger than the fetcher's cap (it was not read further).
    case tooLarge(limit: Int)

    /// The standard reason phrase of an HTTP status code, as Foundation names it ("not found").
    public static func reasonPhrase(_ code: Int) -> String {
        HTTPURLResponse.localizedString(forStatusCode: code)
    }
}
