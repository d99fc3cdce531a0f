/// FloatApp's application id, the one name desktops know it by: its desktop file is
/// `org.floatapp.FloatApp.desktop`, and the single-instance service's bus name and object path,
/// the media controls' `DesktopEntry`, the main window's X11 class and the Wayland `app_id`
/// are all this id, so a desktop ties each of them to that file.
public enum ApplicationID {
    /// The reverse-DNS application id, also the desktop file's name without `.desktop`.
    public static let id = "org.floatapp.FloatApp"
    /// The id as a D-Bus object path, as GApplication makes it: its dots turned into slashes.
    public static let objectPath = "/" + id.split(separator: ".").joined(separator: "/")
}
