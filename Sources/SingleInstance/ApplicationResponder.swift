import EngineTerms
import SessionBus

/// Answers calls to FloatApp's `org.freedesktop.Application` object. Pure: the bus thread
/// turns messages into ``BusCall``s, sends the reply and hands the request to the app.
enum ApplicationResponder {
    /// The most items one `Open` may hand over.
    static let maximumItems = 256
    /// The longest item, in UTF-8 bytes: an invite link's limit (8 KiB), above any path's.
    static let maximumItemLength = 8_192
    /// The desktop file's actions `ActivateAction` runs: the room list (the others start a
    /// FloatApp of their own, with options).
    static let actions = ["room-list"]

    /// The reply to `call` and the request it makes of the app, if any.
    static func answer(_ call: BusCall) -> (reply: BusReply, request: InstanceRequest?) {
        if let xml = ApplicationIntrospection.xml(at: call.path), call.member == "Introspect",
           call.interface == nil || call.interface == "org.freedesktop.DBus.Introspectable" {
            return (.values([.string(xml)]), nil)
        }
        guard call.path == ApplicationID.objectPath else {
            return (.standardError("UnknownObject", "no object at \(call.path)"), nil)
        }
        switch (call.interface ?? ApplicationID.interface, call.member) {
        case ("org.freedesktop.DBus.Peer", "Ping"): return (.values([]), nil)
        case (ApplicationID.interface, "Activate"):
            guard call.arguments.count == 1, case .dictionary(let data) = call.arguments[0] else { return wrongArguments(call) }
            return (.values([]), .activate(activation(data)))
        case (ApplicationID.interface, "Open"):
            guard call.arguments.count == 2, case .stringArray(let uris) = call.arguments[0],
                  case .dictionary(let data) = call.arguments[1] else { return wrongArguments(call) }
            return open(uris, activation(data))
        case (ApplicationID.interface, "ActivateAction"):
            guard call.arguments.count == 3, case .string(let name) = call.arguments[0], case .variants = call.arguments[1],
                  case .dictionary(let data) = call.arguments[2] else { return wrongArguments(call) }
            guard actions.contains(name) else { return (.standardError("InvalidArgs", "no action \(name)"), nil) }
            return (.values([]), .action(name, activation(data)))
        default:
            return (.standardError("UnknownMethod", "no method \(call.member) in \(call.interface ?? "any interface")"), nil)
        }
    }

    private static func open(_ uris: [String], _ activation: InstanceRequest.Activation) -> (reply: BusReply, request: InstanceRequest?) {
        guard uris.count <= maximumItems else {
            return (.standardError("LimitsExceeded", "at most \(maximumItems) items at once, not \(uris.count)"), nil)
        }
        if let long = uris.firstIndex(where: { $0.utf8.count > maximumItemLength }) {
            return (.standardError("LimitsExceeded", "item \(long + 1) is over \(maximumItemLength) bytes"), nil)
        }
        if let empty = uris.firstIndex(where: \.isEmpty) {
            return (.standardError("InvalidArgs", "item \(empty + 1) is empty"), nil)
        }
        return (.values([]), .open(uris.map(ItemURI.item(for:)), activation))
    }

    private static func wrongArguments(_ call: BusCall) -> (reply: BusReply, request: InstanceRequest?) {
        (.standardError("InvalidArgs", "wrong arguments for \(call.member)"), nil)
    }

    /// The launcher's proof of the user's request in a call's `platform-data`.
    private static func activation(_ data: [(key: String, value: DBusValue)]) -> InstanceRequest.Activation {
        func text(_ key: String) -> String? {
            guard case .string(let value)? = data.first(where: { $0.key == key })?.value, !value.isEmpty,
                  value.utf8.count <= 1_024 else { return nil }
            return value
        }
        return InstanceRequest.Activation(startupID: text("desktop-startup-id"), token: text("activation-token"))
    }
}
