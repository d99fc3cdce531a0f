/// What a toast over the main window tells the user, as data: AppCore words it.
public enum SessionNotice: Hashable, Sendable {
    /// A room was chosen while hosting another (W2).
    case stillHosting
    /// A PiP request was refused (M2).
    case refused(PiPRefusal)
    /// The floating room's source ended for good (M5); the room's title.
    case ended(title: String)
    /// A reload took the open room out of the rooms file (M5).
    case removedFromRoomsFile(title: String)
    /// A reload gave the open room another source (M5).
    case newSource(title: String)
}
