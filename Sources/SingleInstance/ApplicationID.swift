/// FloatApp's name on the session bus as a desktop application, after GApplication's
/// convention: the bus name is the application id, the object path is the id with its dots
/// turned into slashes, and the object has `org.freedesktop.Application`.
public enum ApplicationID {
    /// The application id and well-known bus name.
    public static let busName = "org.floatapp.FloatApp"
    /// The object that answers `org.freedesktop.Application`.
    public static let objectPath = "/" + busName.split(separator: ".").joined(separator: "/")
    /// The desktop's interface for launching and activating a running application.
    public static let interface = "org.freedesktop.Application"
}
