/// Why some bytes are not a JSON text, and where the parser stopped, as data: AppCore words it.
public struct JSONSyntaxError: Error, Hashable, Sendable {
    /// Where the problem was found.
    public var position: TextPosition
    /// What was expected or found.
    public var problem: JSONSyntaxProblem
    /// True when the text ended where more was expected.
    public var atEndOfFile: Bool

    /// Creates a syntax error.
    public init(position: TextPosition, problem: JSONSyntaxProblem, atEndOfFile: Bool = false) {
        self.position = position
        self.problem = problem
        self.atEndOfFile = atEndOfFile
    }
}
