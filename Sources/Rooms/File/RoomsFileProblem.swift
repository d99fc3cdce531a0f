/// One problem found in a rooms file, with the place it is at, as data: AppCore words it
/// (`file:line:col: path: message`, R4).
public struct RoomsFileProblem: Hashable, Sendable {
    /// The file's name as given to the parser.
    public var fileName: String
    /// The line and column, when known.
    public var position: TextPosition?
    /// The JSON path of the offending value; nil for syntax errors.
    public var path: JSONPath?
    /// What is wrong.
    public var reason: Reason

    /// Creates a problem report.
    public init(fileName: String, position: TextPosition?, path: JSONPath?, reason: Reason) {
        self.fileName = fileName
        self.position = position
        self.path = path
        self.reason = reason
    }
}
