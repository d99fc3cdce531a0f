import Foundation
import FoundationNetworking
import LiveDirectory
import LocksAndThreads

/// HTTP GETs with Foundation's `URLSession`, off the calling thread: each request has a timeout,
/// and a body over the size cap is cut off and reported instead of being read to its end.
///
/// ```swift
/// let fetcher = HTTPFetcher(timeout: 4, maximumSize: 4 << 20)
/// let page = try await fetcher.get("http://127.0.0.1:8080/stat")   // throws an HTTPFetchError
/// ```
public final class HTTPFetcher: Sendable {
    /// The session, made at the first request: making one starts libcurl and OpenSSL, about
    /// 3.5 MB of memory and a few milliseconds that a user who never lists a server need not pay.
    private let session = Guarded<URLSession?>(nil)
    private let delegate: FetchDelegate
    /// Seconds a request may take from start to the end of its body.
    public let timeout: Double

    /// Creates a fetcher; its session and worker queue are made at its first request.
    public init(timeout: Double = 4, maximumSize: Int = 4 << 20) {
        self.timeout = timeout
        delegate = FetchDelegate(maximumSize: maximumSize)
    }

    deinit { session.withLock { $0?.invalidateAndCancel() } }

    /// The fetcher's session, made now if this is its first request.
    private func madeSession() -> URLSession {
        session.withLock { made in
            if let made { return made }
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = timeout
            configuration.timeoutIntervalForResource = timeout
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.httpMaximumConnectionsPerHost = 2
            let queue = OperationQueue()
            queue.maxConcurrentOperationCount = 1
            queue.name = "floatapp.fetch"
            let new = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
            made = new
            return new
        }
    }

    /// The body of a GET of `url`, read on the fetcher's worker queue.
    public func get(_ url: String) async throws(HTTPFetchError) -> Data {
        guard let address = URL(string: url), let scheme = address.scheme?.lowercased(),
              scheme == "http" || scheme == "https", address.host != nil
        else { throw .badURL(url) }
        var request = URLRequest(url: address, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "GET"
        let task = madeSession().dataTask(with: request)
        let fetched = await withCheckedContinuation { (answer: CheckedContinuation<Result<Data, HTTPFetchError>, Never>) in
            delegate.register(task.taskIdentifier) { answer.resume(returning: $0) }
            task.resume()
        }
        return try fetched.get()
    }
}

/// Collects each task's body up to the cap and finishes it once. URLSession calls it on its
/// delegate queue; `pending`, its only mutable state, is guarded.
private final class FetchDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct Pending {
        var body = Data()
        var failure: HTTPFetchError?
        let completion: @Sendable (Result<Data, HTTPFetchError>) -> Void
    }

    private let maximumSize: Int
    private let pending = Guarded<[Int: Pending]>([:])

    init(maximumSize: Int) {
        self.maximumSize = maximumSize
    }

    func register(_ id: Int, completion: @escaping @Sendable (Result<Data, HTTPFetchError>) -> Void) {
        pending.withLock { $0[id] = Pending(completion: completion) }
    }

    private func fail(_ task: URLSessionTask, _ failure: HTTPFetchError) {
        pending.withLock { $0[task.taskIdentifier]?.failure = failure }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            let reason = HTTPURLResponse.localizedString(forStatusCode: http.statusCode)
            fail(dataTask, .status(http.statusCode, reason: reason))
            return completionHandler(.cancel)
        }
        if response.expectedContentLength > Int64(maximumSize) {
            fail(dataTask, .tooLarge(limit: maximumSize))
            return completionHandler(.cancel)
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overflow = pending.withLock { pending -> Bool in
            guard var entry = pending[dataTask.taskIdentifier], entry.failure == nil else { return false }
            entry.body.append(data)
            if entry.body.count > maximumSize {
                entry.failure = .tooLarge(limit: maximumSize)
                entry.body = Data()
            }
            pending[dataTask.taskIdentifier] = entry
            return entry.failure != nil
        }
        if overflow { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let entry = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let failure = entry.failure {
            entry.completion(.failure(failure))
        } else if let error {
            entry.completion(.failure(.transport(error.localizedDescription)))
        } else {
            entry.completion(.success(entry.body))
        }
    }
}
