/// The most bytes a reader takes in (a rooms file, a statistics page), in whole MiB.
public struct SizeLimit: Hashable, Sendable, CustomStringConvertible {
    /// The limit in bytes.
    public let bytes: Int

    /// A limit of `mebibytes` MiB.
    public init(mebibytes: Int) { bytes = mebibytes << 20 }

    /// A limit of `bytes` bytes (a whole number of MiB).
    public init(bytes: Int) { self.bytes = bytes }

    /// The limit in whole MiB.
    public var mebibytes: Int { bytes >> 20 }

    /// The limit for a log line: "4 MiB".
    public var description: String { "\(mebibytes) MiB" }
}
