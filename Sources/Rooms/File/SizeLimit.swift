/// The most bytes a reader takes in (a rooms file, a statistics page), and the one way the
/// app words an input over it.
public struct SizeLimit: Hashable, Sendable, CustomStringConvertible {
    /// The limit in bytes.
    public let bytes: Int

    /// A limit of `mebibytes` MiB.
    public init(mebibytes: Int) { bytes = mebibytes << 20 }

    /// A limit of `bytes` bytes.
    public init(bytes: Int) { self.bytes = bytes }

    /// The limit in the largest whole unit: "4 MiB", "512 KiB", "100 bytes".
    public var description: String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }

    /// Why an input over the limit is refused: "larger than 4 MiB".
    public var exceeded: String { "larger than \(self)" }
}
