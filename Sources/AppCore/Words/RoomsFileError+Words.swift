import Rooms

extension RoomsFileError {
    /// One line per problem, as printed to standard error (R4).
    public var messages: [String] { problems.map(\.words) }

    /// All messages, one per line.
    public var words: String { messages.joined(separator: "\n") }
}
