/// A rectangle in a window's pixels (the window's drawable, as the app paints it).
public struct AccessibleRect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    /// Creates a rectangle.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// An editable text's content (AT-SPI2's Text interface). Offsets count Unicode scalars (code
/// points), as AT-SPI2's do and GTK's and Qt's are: an assistive technology counts "é" written
/// as e + U+0301, or a flag emoji, as two characters where the field's caret counts one.
public struct AccessibleText: Hashable, Sendable {
    public var value: String
    /// The caret, in code points from the start.
    public var caret: Int
    /// The selected span in code points, empty when nothing is selected.
    public var selection: Range<Int>

    /// Creates a text whose caret and selection are given in code points.
    public init(_ value: String, caret: Int, selection: Range<Int>) {
        self.value = value
        self.caret = caret
        self.selection = selection
    }

    /// Creates a text from a caret and a selection that count `Character`s (grapheme clusters),
    /// as a text field's do.
    public init(_ value: String, characterCaret: Int, characterSelection: Range<Int>) {
        let characters = Array(value)
        func points(_ index: Int) -> Int {
            characters.prefix(max(0, min(index, characters.count))).reduce(0) { $0 + $1.unicodeScalars.count }
        }
        self.init(value, caret: points(characterCaret),
                  selection: points(characterSelection.lowerBound)..<points(characterSelection.upperBound))
    }

    /// The text's code points, which offsets index.
    public var points: [Unicode.Scalar] { Array(value.unicodeScalars) }
}

/// One object of the accessible tree: what a screen reader is told of a window, a list, a row,
/// a button or a tile, derived from the view models the windows are painted from.
public struct AccessibleNode: Hashable, Sendable {
    /// Unique in its tree and stable while the thing it stands for shows (a room row's id holds
    /// the room's id, a button's its control), so an assistive technology's reference stays
    /// good across updates; its object path is made from it (``AccessibleTree/path(of:)``).
    public var id: String
    public var role: AccessibleRole
    /// The translated name a screen reader says first (a room's title, a button's label).
    public var name: String
    /// What it says after the name (a row's subtitle and status).
    public var description: String
    public var states: Set<AccessibleState>
    /// Where it is painted, in its window's pixels; nil for the application.
    public var rect: AccessibleRect?
    /// Whether it can be clicked (the one action "click", which ``AccessibleTree`` reports
    /// back by this node's id).
    public var clickable: Bool
    /// Object attributes (`GetAttributes`), e.g. a call tile's `muted` and `speaking`.
    public var attributes: [String: String]
    /// The text of an editable field (the Text and EditableText interfaces); nil for others.
    public var text: AccessibleText?
    public var children: [AccessibleNode]

    /// Creates a node.
    public init(id: String, role: AccessibleRole, name: String, description: String = "",
                states: Set<AccessibleState> = [.enabled, .sensitive, .visible, .showing],
                rect: AccessibleRect? = nil, clickable: Bool = false, attributes: [String: String] = [:],
                text: AccessibleText? = nil, children: [AccessibleNode] = []) {
        self.id = id
        self.role = role
        self.name = name
        self.description = description
        self.states = states
        self.rect = rect
        self.clickable = clickable
        self.attributes = attributes
        self.text = text
        self.children = children
    }
}
