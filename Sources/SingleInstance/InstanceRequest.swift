/// What another FloatApp (or any desktop launcher) asked the running one over
/// `org.freedesktop.Application`.
public enum InstanceRequest: Equatable, Sendable {
    /// `Activate`: raise the main window.
    case activate(Activation)
    /// `Open`: add and open these items (paths, URLs or `floatapp://` links, a `file://` URI
    /// already turned back into its path), then raise the main window.
    case open([String], Activation)
    /// `ActivateAction`: run the desktop file's action of this name (`room-list`).
    case action(String, Activation)

    /// The caller's proof that the user asked for the window, from its `platform-data`.
    public var activation: Activation {
        switch self {
        case .activate(let activation), .open(_, let activation), .action(_, let activation): activation
        }
    }

    /// The launcher's proof that the user asked for the window, so that a window manager
    /// lets it take the focus.
    public struct Activation: Equatable, Sendable {
        /// X11's startup notification id (`desktop-startup-id`, `DESKTOP_STARTUP_ID`).
        public var startupID: String?
        /// Wayland's xdg-activation token (`activation-token`, `XDG_ACTIVATION_TOKEN`).
        public var token: String?

        /// Creates an activation.
        public init(startupID: String? = nil, token: String? = nil) {
            self.startupID = startupID
            self.token = token
        }

        /// The X server time (ms) a startup id ends with (`..._TIME<ms>`), if it has one.
        public var startupTime: UInt? {
            guard let id = startupID, let range = id.range(of: "_TIME", options: .backwards) else { return nil }
            return UInt(id[range.upperBound...])
        }
    }
}
