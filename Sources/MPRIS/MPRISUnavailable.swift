/// Why FloatApp could not become an MPRIS player: no session bus, or the bus refused.
/// Its description is one line fit for the log.
public struct MPRISUnavailable: Error, CustomStringConvertible {
    public let description: String
}
