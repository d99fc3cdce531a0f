import EngineTerms

/// The introspection data (`org.freedesktop.DBus.Introspectable`) of FloatApp's application
/// object and of the paths above it.
enum ApplicationIntrospection {
    /// The XML describing ``ApplicationID/objectPath``.
    static let object = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        <node>
          <interface name="org.freedesktop.DBus.Introspectable">
            <method name="Introspect"><arg name="xml_data" type="s" direction="out"/></method>
          </interface>
          <interface name="org.freedesktop.DBus.Peer">
            <method name="Ping"/>
          </interface>
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
        </node>
        """

    /// The XML of `path`: the object's, or for a path above it a node naming the next element
    /// down; nil for any other path.
    static func xml(at path: String) -> String? {
        let target = ApplicationID.objectPath
        if path == target { return object }
        let prefix = path == "/" ? "/" : path + "/"
        guard target.hasPrefix(prefix) else { return nil }
        let child = target.dropFirst(prefix.count).split(separator: "/").first.map(String.init) ?? ""
        return "<node><node name=\"\(child)\"/></node>"
    }
}
