import Foundation
import LiveServerTestSupport
import PiPLayout
import ServerFetch

extension NginxServer {
    /// The streams on the statistics page now (nil when it cannot be fetched or read).
    func streams(using fetcher: HTTPFetcher) -> [LiveStreamInfo]? {
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        fetcher.get(statsURL) { result in
            box.set(result)
            done.signal()
        }
        guard done.wait(timeout: .now() + fetcher.timeout + 2) == .success, case .success(let data)? = box.value else { return nil }
        return try? NginxStats.parse(data).get()
    }

    /// The stream `name` while a publisher sends it.
    func published(_ name: String, using fetcher: HTTPFetcher) -> LiveStreamInfo? {
        streams(using: fetcher)?.first { $0.name == name && $0.isPublishing }
    }
}


/// A result handed from the fetcher's queue to the waiting thread.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Result<Data, HTTPFetchError>?

    func set(_ result: Result<Data, HTTPFetchError>) { lock.withLock { stored = result } }
    var value: Result<Data, HTTPFetchError>? { lock.withLock { stored } }
}

/// Threads of this process whose name starts with `prefix` (threads a thread starts inherit its
/// name, so this counts FFmpeg's encoder threads too).
func threadCount(named prefix: String) -> Int {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    return tasks.filter { task in
        ((try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? "").hasPrefix(prefix)
    }.count
}
