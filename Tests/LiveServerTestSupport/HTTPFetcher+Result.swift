import DirectoryFetch
import Foundation
import LiveDirectory

extension HTTPFetcher {
    /// The GET of `url` as a value, for a test to hand from the fetch's task to the waiting thread.
    public func fetched(_ url: String) async -> Result<Data, HTTPFetchError> {
        do throws(HTTPFetchError) {
            return .success(try await get(url))
        } catch {
            return .failure(error)
        }
    }
}
