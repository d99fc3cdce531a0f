import CX11

/// A key to press, named by its X keysym.
struct Key: CustomStringConvertible {
    /// The X keysym, e.g. `XK_Escape`.
    let keysym: KeySym
    /// A readable name for messages.
    let name: String

    init(keysym: KeySym, name: String) {
        self.keysym = keysym
        self.name = name
    }

    init(_ keysym: Int32, _ name: String) {
        self.init(keysym: KeySym(keysym), name: name)
    }

    var description: String { name }

    static let escape = Key(XK_Escape, "Escape")
    static let returnKey = Key(XK_Return, "Return")
    static let up = Key(XK_Up, "Up")
    static let down = Key(XK_Down, "Down")
    static let left = Key(XK_Left, "Left")
    static let right = Key(XK_Right, "Right")
    static let space = Key(XK_space, "space")
    static let tab = Key(XK_Tab, "Tab")
    static let f6 = Key(XK_F6, "F6")
    static let plus = Key(XK_plus, "plus")
    static let minus = Key(XK_minus, "minus")
    static let equal = Key(XK_equal, "equal")
    static let keypadPlus = Key(XK_KP_Add, "KP_Add")
    static let keypadMinus = Key(XK_KP_Subtract, "KP_Subtract")
    static let p = Key(XK_p, "p")
    static let m = Key(XK_m, "m")
    static let w = Key(XK_w, "w")
    static let q = Key(XK_q, "q")

    /// The key for a lower-case letter or digit.
    static func character(_ character: Character) -> Key {
        Key(keysym: KeySym(character.unicodeScalars.first?.value ?? 0), name: String(character))
    }
}

/// A modifier key held while another key is pressed.
enum Modifier: CustomStringConvertible {
    case control
    case shift
    case alt
    case superKey

    /// The keysym of the left-hand key for this modifier.
    var keysym: KeySym {
        switch self {
        case .control: KeySym(XK_Control_L)
        case .shift: KeySym(XK_Shift_L)
        case .alt: KeySym(XK_Alt_L)
        case .superKey: KeySym(XK_Super_L)
        }
    }

    var description: String {
        switch self {
        case .control: "Ctrl"
        case .shift: "Shift"
        case .alt: "Alt"
        case .superKey: "Super"
        }
    }
}

/// A mouse button by its X number.
enum MouseButton: UInt32 {
    case left = 1
    case middle = 2
    case right = 3
    case wheelUp = 4
    case wheelDown = 5
}
