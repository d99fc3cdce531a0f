import AccessibleTree

/// What the bus thread answers from: the latest tree, where its windows are, and the few words
/// the bridge says itself (in the app's language).
public struct AccessibleSnapshot: Equatable, Sendable {
    public var tree: AccessibleTree
    /// Each frame's window placement, keyed by the frame's id.
    public var windows: [String: WindowPlacement]
    /// The click action's translated name.
    public var clickName: String
    /// The language the names are in, e.g. `de_DE.UTF-8`.
    public var locale: String

    /// Creates a snapshot.
    public init(tree: AccessibleTree, windows: [String: WindowPlacement], clickName: String, locale: String) {
        self.tree = tree
        self.windows = windows
        self.clickName = clickName
        self.locale = locale
    }
}
