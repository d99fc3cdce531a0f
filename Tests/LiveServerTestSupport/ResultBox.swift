import Foundation
import LiveDirectory

/// A result handed from the fetcher's queue to the waiting thread.
public final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Result<Data, HTTPFetchError>?

    public init() {}

    public func set(_ result: Result<Data, HTTPFetchError>) { lock.withLock { stored = result } }
    public var value: Result<Data, HTTPFetchError>? { lock.withLock { stored } }
}
