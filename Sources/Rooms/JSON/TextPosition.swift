/// A place in a text file: 1-based line and column, columns counted in Unicode scalars.
public struct TextPosition: Hashable, Sendable, CustomStringConvertible {
    /// The line, starting at 1.
    public var line: Int
    /// The column within the line, starting at 1.
    public var column: Int

    /// Creates a position from a 1-based line and column.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`, as compilers print it.
    public var description: String { "\(line):\(column)" }
}
