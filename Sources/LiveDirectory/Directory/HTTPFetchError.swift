/// Why an HTTP GET gave no page, as data: AppCore words it.
public enum HTTPFetchError: Error, Hashable, Sendable {
    /// The URL could not be read.
    case badURL(String)
    /// No answer: refused, timed out, name not found, connection dropped; the reason is Foundation's.
    case transport(String)
    /// The server answered with an HTTP error status; `reason` is the status's standard phrase,
    /// as Foundation names it ("Not Found").
    case status(Int, reason: String)
    /// The body is larger than the fetcher's cap (it was not read further).
    case tooLarge(limit: Int)
}
