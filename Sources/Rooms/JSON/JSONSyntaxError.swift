/// Why some bytes are not a JSON text, and where the parser stopped.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where the problem was found.
    public var position: TextPosition
    /// What was expected or found, e.g. `expected ',' or '}'`.
    public var message: String

    /// Creates a syntax error.
    public init(position: TextPosition, message: String) {
        self.position = position
        self.message = message
    }

    /// `line:column: message`.
    public var description: String { "\(position): \(message)" }
}
