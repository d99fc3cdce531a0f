/// An accessible object's role, as AT-SPI2 numbers it (`AtspiRole`): what a screen reader calls
/// the object ("list item", "push button").
public enum AccessibleRole: UInt32, Sendable, CaseIterable {
    case application = 75
    case frame = 23
    case list = 31
    case listItem = 32
    case pushButton = 43
    case toggleButton = 62
    case slider = 51
    case panel = 39
    case label = 29
    case notification = 101
    case entry = 79
    case dialog = 16

    /// AT-SPI2's own (untranslated) name of the role, as `GetRoleName` answers it.
    public var atspiName: String {
        switch self {
        case .application: "application"
        case .frame: "frame"
        case .list: "list"
        case .listItem: "list item"
        case .pushButton: "push button"
        case .toggleButton: "toggle button"
        case .slider: "slider"
        case .panel: "panel"
        case .label: "label"
        case .notification: "notification"
        case .entry: "entry"
        case .dialog: "dialog"
        }
    }
}

/// One of an accessible object's states, as AT-SPI2 numbers them (`AtspiStateType`): the bit
/// of the state set that `GetState` answers, and the name a `StateChanged` event carries.
public enum AccessibleState: UInt32, Sendable, CaseIterable, Comparable {
    case active = 1
    case checked = 4
    case editable = 7
    case enabled = 8
    case focusable = 11
    case focused = 12
    case pressed = 20
    case selectable = 22
    case selected = 23
    case sensitive = 24
    case singleLine = 26
    case showing = 25
    case visible = 30
    case checkable = 41

    /// The state's name in a `StateChanged` event's detail.
    public var atspiName: String {
        switch self {
        case .active: "active"
        case .checked: "checked"
        case .editable: "editable"
        case .enabled: "enabled"
        case .focusable: "focusable"
        case .focused: "focused"
        case .pressed: "pressed"
        case .selectable: "selectable"
        case .selected: "selected"
        case .sensitive: "sensitive"
        case .singleLine: "single-line"
        case .showing: "showing"
        case .visible: "visible"
        case .checkable: "checkable"
        }
    }

    public static func < (a: AccessibleState, b: AccessibleState) -> Bool { a.rawValue < b.rawValue }

    /// `states` as AT-SPI2's state set: two 32-bit words, state n at bit n % 32 of word n / 32.
    public static func bits(_ states: Set<AccessibleState>) -> [UInt32] {
        var words: [UInt32] = [0, 0]
        for state in states { words[Int(state.rawValue / 32)] |= 1 << (state.rawValue % 32) }
        return words
    }
}
