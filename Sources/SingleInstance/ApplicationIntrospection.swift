import EngineTerms
import SessionBus

/// The introspection data (`org.freedesktop.DBus.Introspectable`) of FloatApp's application
/// object and of the paths above it.
enum ApplicationIntrospection {
    /// The XML describing ``ApplicationID/objectPath``.
    static let object = Introspection.object(interfaces: """
          <interface name="org.freedesktop.Application">
            <method name="Activate">
              <arg name="platform_data" type="a{sv}" direction="in"/>
            </method>
            <method name="Open">
              <arg name="uris" type="as" direction="in"/>
              <arg name="platform_data" type="a{sv}" direction="in"/>
            </method>
            <method name="ActivateAction">
              <arg name="action_name" type="s" direction="in"/>
              <arg name="parameter" type="av" direction="in"/>
              <arg name="platform_data" type="a{sv}" direction="in"/>
            </method>
          </interface>
        """)

    /// The XML of `path`: the object's, or for a path above it a node naming the next element
    /// down; nil for any other path.
    static func xml(at path: String) -> String? {
        path == ApplicationID.objectPath ? object : Introspection.parent(path, of: ApplicationID.objectPath)
    }
}
