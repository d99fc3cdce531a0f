import Localization
import Rooms

extension JSONValue.Kind {
    /// A short name of the kind for messages: "a string", "an object", ...
    public var words: String {
        switch self {
        case .null: "null"
        // TRANSLATORS: a value's type, as in "expected a string, found a number".
        case .bool: tr("a boolean")
        case .number: tr("a number")
        case .string: tr("a string")
        case .array: tr("an array")
        case .object: tr("an object")
        }
    }
}

extension JSONPath {
    /// The printed path; the root is `top level`.
    public var words: String { isRoot ? tr("top level") : description }
}
