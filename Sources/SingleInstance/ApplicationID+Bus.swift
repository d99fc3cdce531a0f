import EngineTerms

/// FloatApp's name on the session bus as a desktop application, after GApplication's
/// convention: the bus name is the application id, the object path is the id with its dots
/// turned into slashes, and the object has `org.freedesktop.Application`.
extension ApplicationID {
    /// The well-known bus name: the application id.
    public static var busName: String { id }
    /// The desktop's interface for launching and activating a running application.
    public static let interface = "org.freedesktop.Application"
}
