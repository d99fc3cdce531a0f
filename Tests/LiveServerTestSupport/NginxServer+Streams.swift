import DirectoryFetch
import Foundation
import LiveDirectory

extension NginxServer {
    /// The streams on the statistics page now (nil when it cannot be fetched or read).
    public func streams(using fetcher: HTTPFetcher) -> [LiveStreamInfo]? {
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        let url = statsURL
        Task.detached {
            box.set(await fetcher.fetched(url))
            done.signal()
        }
        guard done.wait(timeout: .now() + fetcher.timeout + 2) == .success, case .success(let data)? = box.value else { return nil }
        return try? NginxStats.parse(data)
    }

    /// The stream `name` while a publisher sends it.
    public func published(_ name: String, using fetcher: HTTPFetcher) -> LiveStreamInfo? {
        streams(using: fetcher)?.first { $0.name == name && $0.isPublishing }
    }
}
