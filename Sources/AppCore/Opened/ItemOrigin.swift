/// Where the items of ``AppEvent/itemsGiven(_:from:)`` came from (R6).
public enum ItemOrigin: Hashable, Sendable {
    /// This run's command line: relative paths are read against the directory it started in.
    case commandLine
    /// A second `floatapp` started on the same desktop, which handed its arguments over.
    case otherInstance
    /// A `floatapp://` link opened by the desktop (`xdg-open`) or handed over.
    case link
    /// Dropped on a window.
    case drop(WindowKind)
    /// Pasted into the list.
    case paste
    /// Typed into the location field.
    case locationField

    /// The origin's name in the stats log.
    public var name: String {
        switch self {
        case .commandLine: "command_line"
        case .otherInstance: "other_instance"
        case .link: "link"
        case .drop(.main): "drop_main"
        case .drop(.float): "drop_float"
        case .paste: "paste"
        case .locationField: "location_field"
        }
    }
}
