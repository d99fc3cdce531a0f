/// The app's accessible objects at one moment: the application, its windows as frames and what
/// each window shows, with each object's place in the tree looked up by id or by object path.
///
/// Made by the app's core from its view models and published to the bus thread, which answers
/// every question an assistive technology asks from the latest tree; two trees' difference is
/// the events that tell it what changed (``events(since:)``).
public struct AccessibleTree: Equatable, Sendable {
    /// The application object; its children are the windows' frames.
    public let root: AccessibleNode
    private let entries: [String: Entry]
    private let ids: [String: String]

    /// Where an object sits: its node, its parent's id and its index there, and its frame's id.
    public struct Entry: Equatable, Sendable {
        public let node: AccessibleNode
        public let parent: String?
        public let index: Int
        public let frame: String?
    }

    /// The object path of the application object, where AT-SPI2 looks for it.
    public static let rootPath = "/org/a11y/atspi/accessible/root"

    /// A tree with `root` as its application object.
    public init(root: AccessibleNode) {
        self.root = root
        var entries: [String: Entry] = [:]
        Self.index(root, parent: nil, index: 0, frame: nil, into: &entries)
        self.entries = entries
        ids = Dictionary(entries.keys.map { (Self.path(of: $0, root: root.id), $0) }, uniquingKeysWith: { a, _ in a })
    }

    private static func index(_ node: AccessibleNode, parent: String?, index: Int, frame: String?,
                              into entries: inout [String: Entry]) {
        entries[node.id] = Entry(node: node, parent: parent, index: index, frame: frame)
        for (i, child) in node.children.enumerated() {
            // The root's children are the frames; everything below a frame is in it.
            Self.index(child, parent: node.id, index: i, frame: frame ?? (parent == nil ? child.id : nil), into: &entries)
        }
    }

    /// The object with `id`.
    public func entry(_ id: String) -> Entry? { entries[id] }

    /// The object at object path `path`.
    public func entry(atPath path: String) -> Entry? { ids[path].flatMap { entries[$0] } }

    /// The object path of the object with `id`: the root's is ``rootPath``; any other's is made
    /// of its id with every byte outside `[A-Za-z0-9]` written `_XX` in hex, so any id is a
    /// valid path element and two ids never share a path.
    public func path(of id: String) -> String { Self.path(of: id, root: root.id) }

    private static func path(of id: String, root: String) -> String {
        guard id != root else { return rootPath }
        var element = ""
        for byte in id.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if c.isASCII, c.isLetter || c.isNumber {
                element.append(c)
            } else {
                element += "_" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return "/org/a11y/atspi/accessible/" + element
    }

    /// The object that has keyboard focus, if any shows.
    public var focused: String? {
        entries.values.first { $0.node.states.contains(.focused) }?.node.id
    }

    /// Every object, parents before their children, siblings in order.
    public var all: [AccessibleNode] {
        var out: [AccessibleNode] = []
        func walk(_ node: AccessibleNode) {
            out.append(node)
            node.children.forEach(walk)
        }
        walk(root)
        return out
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
