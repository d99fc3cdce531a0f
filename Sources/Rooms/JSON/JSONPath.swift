/// A path to a value inside a JSON document, printed like `rooms[2].participants[0].source`.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    /// One step of a path.
    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    /// The steps from the document's root.
    public var components: [Component]

    /// The root of the document.
    public static let root = JSONPath(components: [])

    /// Creates a path from its steps.
    public init(components: [Component]) {
        self.components = components
    }

    /// The path to a member of the object at this path.
    public func appending(_ key: String) -> JSONPath {
        JSONPath(components: components + [.key(key)])
    }

    /// The path to an element of the array at this path.
    public func appending(_ index: Int) -> JSONPath {
        JSONPath(components: components + [.index(index)])
    }

    /// True for the document's root, the empty path.
    public var isRoot: Bool { components.isEmpty }

    /// The printed path; the root prints as nothing (a message names it in words).
    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += key
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }
}
