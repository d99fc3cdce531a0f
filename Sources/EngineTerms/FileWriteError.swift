/// Why a file could not be written atomically, as data: the step that failed, its path and
/// the system's reason; AppCore words it.
public struct FileWriteError: Error, Hashable, Sendable {
    /// The steps of an atomic write.
    public enum Step: Hashable, Sendable {
        case createFolder, createFile, write, replace
    }

    /// The step that failed.
    public let step: Step
    /// The file or folder it failed on.
    public let path: String
    /// The system's reason (`strerror`).
    public let reason: String

    /// Creates the error of a failed step.
    public init(step: Step, path: String, reason: String) {
        self.step = step
        self.path = path
        self.reason = reason
    }
}
