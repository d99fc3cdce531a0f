/// Every problem in a rooms file that could not be loaded (R4).
///
/// A file with any problem yields no rooms at all; the problems are listed in
/// file order, one message each.
public struct RoomsFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The problems, at least one, sorted by place in the file.
    public var problems: [RoomsFileProblem]

    /// Creates an error from its problems.
    public init(problems: [RoomsFileProblem]) {
        self.problems = problems
    }

    /// One line per problem, as printed to standard error.
    public var messages: [String] { problems.map(\.description) }

    /// All messages, one per line.
    public var description: String { messages.joined(separator: "\n") }
}
