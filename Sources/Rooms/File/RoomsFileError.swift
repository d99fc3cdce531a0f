/// Every problem in a rooms file that could not be loaded (R4), as data: AppCore words it.
///
/// A file with any problem yields no rooms at all; the problems are listed in file order.
public struct RoomsFileError: Error, Hashable, Sendable {
    /// The problems, at least one, sorted by place in the file.
    public var problems: [RoomsFileProblem]

    /// Creates an error from its problems.
    public init(problems: [RoomsFileProblem]) {
        self.problems = problems
    }
}
