/// The introspection data (`org.freedesktop.DBus.Introspectable`) a bus service answers: its
/// object's, with the interfaces every object has, and a node for each path above the object,
/// naming the next element down.
public enum Introspection {
    /// The XML describing an object that answers `interfaces` (its own `<interface>` elements,
    /// indented by four spaces) besides Introspectable and Peer.
    public static func object(interfaces: String) -> String {
        """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        <node>
          <interface name="org.freedesktop.DBus.Introspectable">
            <method name="Introspect"><arg name="xml_data" type="s" direction="out"/></method>
          </interface>
          <interface name="org.freedesktop.DBus.Peer">
            <method name="Ping"/>
          </interface>
        \(interfaces)
        </node>
        """
    }

    /// The XML of `path` when it is above `objectPath` (e.g. `/org` above
    /// `/org/mpris/MediaPlayer2`): a node naming the next element down; nil for any other path.
    public static func parent(_ path: String, of objectPath: String) -> String? {
        let prefix = path == "/" ? "/" : path + "/"
        guard objectPath.hasPrefix(prefix), objectPath != path else { return nil }
        let child = objectPath.dropFirst(prefix.count).split(separator: "/").first.map(String.init) ?? ""
        return "<node><node name=\"\(child)\"/></node>"
    }
}
