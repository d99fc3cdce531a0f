/// A failure of a test harness itself (a program that would not start, a server that never
/// answered), with a message meant for the test log.
public struct HarnessError: Error, CustomStringConvertible {
    /// What went wrong, in words a test report can show as is.
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
