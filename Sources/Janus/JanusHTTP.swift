import Foundation
import FoundationNetworking
import JanusProtocol

/// Janus's HTTP API as Foundation's URLSession reaches it: a POST of a request, a GET (long
/// poll) of a session's events, each with its own timeout and a cap on the body.
final class JanusHTTP: Sendable {
    private let session: URLSession
    let base: URL

    init(url: String) throws(JanusError) {
        guard let base = URL(string: url), let scheme = base.scheme?.lowercased(),
              scheme == "http" || scheme == "https", base.host != nil
        else { throw .badURL(url) }
        self.base = base
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = 4
        session = URLSession(configuration: configuration)
    }

    // The last reference may go in one of the session's own completion handlers, on its
    // queue, where invalidating (a sync onto that queue) would deadlock: it is done elsewhere.
    deinit {
        let session = session
        DispatchQueue.global().async { session.invalidateAndCancel() }
    }

    /// The URL of a session (and a handle of it).
    func url(session: JanusID?, handle: JanusID?) -> URL {
        var url = base
        if let session { url.appendPathComponent(String(session)) }
        if let handle { url.appendPathComponent(String(handle)) }
        return url
    }

    /// The long poll's URL for a session: up to ten events an answer.
    func pollURL(session: JanusID) -> URL {
        var components = URLComponents(url: url(session: session, handle: nil), resolvingAgainstBaseURL: false)
        components?.queryItems = [URLQueryItem(name: "maxev", value: "10")]
        return components?.url ?? url(session: session, handle: nil)
    }

    /// POSTs `body` to `url`; the answer's bytes, or why there are none.
    func post(_ url: URL, body: String, timeout: Double,
              completion: @escaping @Sendable (Result<[UInt8], JanusError>) -> Void) {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body.utf8)
        run(request, completion: completion)
    }

    /// GETs `url` (a long poll: Janus answers when events are waiting, or after 30 s).
    func get(_ url: URL, timeout: Double, completion: @escaping @Sendable (Result<[UInt8], JanusError>) -> Void) {
        run(URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout), completion: completion)
    }

    private func run(_ request: URLRequest, completion: @escaping @Sendable (Result<[UInt8], JanusError>) -> Void) {
        session.dataTask(with: request) { data, response, error in
            if let error {
                let timedOut = (error as NSError).code == NSURLErrorTimedOut
                return completion(.failure(timedOut ? .timedOut(request: request.httpMethod ?? "GET") : .transport(error.localizedDescription)))
            }
            if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
                return completion(.failure(.status(http.statusCode)))
            }
            let bytes = [UInt8](data ?? Data())
            guard bytes.count <= JanusDecoder.textLimit else {
                return completion(.failure(.malformed(.tooLarge(bytes: bytes.count, limit: JanusDecoder.textLimit))))
            }
            completion(.success(bytes))
        }.resume()
    }
}
