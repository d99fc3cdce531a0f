/// A parsed JSON value that remembers where in the text it started.
///
/// Objects keep their members in file order, with each key's position, so that
/// validation can report unknown or duplicate fields at their exact place.
public struct JSONValue: Equatable, Sendable {
    /// The kind of value and its contents.
    public var content: Content
    /// Where the value's first character is.
    public var position: TextPosition

    /// Creates a value at a position.
    public init(_ content: Content, at position: TextPosition) {
        self.content = content
        self.position = position
    }

    /// The contents of a JSON value.
    public enum Content: Equatable, Sendable {
        case null
        case bool(Bool)
        /// A number, kept as its source text and its `Double` value.
        case number(text: String, value: Double)
        case string(String)
        case array([JSONValue])
        case object([JSONMember])
    }

    /// The kinds of JSON value, as a message names what it found.
    public enum Kind: Hashable, Sendable {
        case null, bool, number, string, array, object
    }

    /// The value's kind.
    public var kind: Kind {
        switch content {
        case .null: .null
        case .bool: .bool
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Equatable, Sendable {
    /// The member's key.
    public var key: String
    /// Where the key's opening quote is.
    public var keyPosition: TextPosition
    /// The member's value.
    public var value: JSONValue

    /// Creates a member.
    public init(key: String, keyPosition: TextPosition, value: JSONValue) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}
