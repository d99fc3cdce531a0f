/// A failure of the desktop test harness itself, with a message meant for the test log.
struct HarnessError: Error, CustomStringConvertible {
    /// What went wrong, in words a test report can show as is.
    let message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }
}
