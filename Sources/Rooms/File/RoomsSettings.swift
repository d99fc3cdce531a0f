/// The rooms file's `settings` object (R2).
public struct RoomsSettings: Hashable, Sendable {
    /// Enter PiP when the main window is minimized while a room plays (`auto_pip`, P1).
    public var autoPiP: Bool
    /// Leave PiP when the main window comes back showing the floating room (`auto_exit`, P16).
    public var autoExit: Bool

    /// Creates settings; both default to on.
    public init(autoPiP: Bool = true, autoExit: Bool = true) {
        self.autoPiP = autoPiP
        self.autoExit = autoExit
    }
}
