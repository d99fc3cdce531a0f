/// One problem found in a rooms file, with the place it is at.
public struct RoomsFileProblem: Hashable, Sendable, CustomStringConvertible {
    /// The file's name as given to the parser.
    public var fileName: String
    /// The line and column, when known.
    public var position: TextPosition?
    /// The JSON path of the offending value; nil for syntax errors.
    public var path: JSONPath?
    /// What is wrong.
    public var message: String

    /// Creates a problem report.
    public init(fileName: String, position: TextPosition?, path: JSONPath?, message: String) {
        self.fileName = fileName
        self.position = position
        self.path = path
        self.message = message
    }

    /// `file:line:col: path: message`, leaving out the parts that are unknown.
    public var description: String {
        var text = fileName
        if let position { text += ":\(position)" }
        if let path { text += ": \(path)" }
        return text + ": " + message
    }
}
