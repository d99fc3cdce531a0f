import CX11

/// Which top-level client windows a search matches.
enum WindowQuery: CustomStringConvertible {
    /// Title (`_NET_WM_NAME`, else `WM_NAME`) equal to the string.
    case title(String)
    /// Title starting with the string.
    case titlePrefix(String)
    /// Title ending with the string, e.g. " - PiP".
    case titleSuffix(String)
    /// `WM_CLASS` class part equal to the string, e.g. "PictureInPicture".
    case wmClass(String)
    /// `WM_CLASS` instance part equal to the string.
    case wmInstance(String)
    /// Exactly this window.
    case id(Window)

    var description: String {
        switch self {
        case .title(let title): "window titled \"\(title)\""
        case .titlePrefix(let prefix): "window with a title starting \"\(prefix)\""
        case .titleSuffix(let suffix): "window with a title ending \"\(suffix)\""
        case .wmClass(let name): "window of WM_CLASS class \"\(name)\""
        case .wmInstance(let name): "window of WM_CLASS instance \"\(name)\""
        case .id(let window): "window 0x\(String(window, radix: 16))"
        }
    }
}

/// Whether a window is on screen, from `XWindowAttributes.map_state`.
enum MapState: Equatable {
    /// Not mapped.
    case unmapped
    /// Mapped, but an ancestor is not.
    case unviewable
    /// Mapped and all its ancestors too: it can be seen.
    case viewable
}

/// Which windows a wait accepts.
enum WindowVisibility {
    /// Any existing window, mapped or not.
    case any
    /// Only viewable windows.
    case viewable
}

/// The `_MOTIF_WM_HINTS` property, through which clients ask for no decorations.
struct MotifHints: Equatable {
    /// Which of the fields below are set (bit 1: functions, bit 2: decorations).
    var flags: UInt
    var functions: UInt
    var decorations: UInt

    /// Whether the hints ask the window manager to draw no decorations at all.
    var requestsNoDecorations: Bool { flags & 2 != 0 && decorations == 0 }
}
