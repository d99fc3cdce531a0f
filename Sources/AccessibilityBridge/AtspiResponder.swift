import AccessibleTree
import SessionBus

/// Answers AT-SPI2's method calls on the app's objects from one snapshot: the Accessible,
/// Application, Component and Action interfaces and their properties. Pure: the bus thread
/// sends the reply and hands a click back to the app.
struct AtspiResponder {
    let snapshot: AccessibleSnapshot
    /// The app's unique name on the accessibility bus, which every object reference carries.
    let busName: String
    /// The application id the registry gave (`Application.Id`).
    let applicationID: Int32

    /// The registry's desktop object, the application's parent.
    static let desktop = DBusValue.structure([.string("org.a11y.atspi.Registry"), .objectPath(AccessibleTree.rootPath)])

    /// The reply to `call` and what it asks of the app: `DoAction`'s click, EditableText's new text.
    func answer(_ call: BusCall) -> (reply: BusReply, request: AccessibleRequest?) {
        if call.path == "/org/a11y/atspi/cache", call.member == "GetItems" {
            // No cache is kept: an empty one sends clients to ask each object, as they do anyway.
            return (.values([.array(element: "((so)(so)(so)iiassusau)", [])]), nil)
        }
        guard let entry = snapshot.tree.entry(atPath: call.path) else {
            return (.standardError("UnknownObject", "no object at \(call.path)"), nil)
        }
        switch call.interface {
        case "org.freedesktop.DBus.Properties": return (properties(call, entry), nil)
        case "org.a11y.atspi.Accessible": return (accessible(call.member, call.arguments, entry), nil)
        case "org.a11y.atspi.Component": return (component(call.member, call.arguments, entry), nil)
        case "org.a11y.atspi.Action": return action(call.member, entry)
        case "org.a11y.atspi.Text": return (AtspiText.answer(call.member, call.arguments, entry.node.text), nil)
        case "org.a11y.atspi.EditableText": return AtspiText.edit(call.member, call.arguments, entry.node)
        case "org.a11y.atspi.Application" where call.member == "GetLocale": return (.values([.string(snapshot.locale)]), nil)
        default: return (.standardError("UnknownMethod", "\(call.interface ?? "").\(call.member) is not answered"), nil)
        }
    }

    private func reference(_ id: String) -> DBusValue {
        .structure([.string(busName), .objectPath(snapshot.tree.path(of: id))])
    }

    private func interfaces(_ node: AccessibleNode) -> [String] {
        var names = ["org.a11y.atspi.Accessible"]
        if node.role == .application { names.append("org.a11y.atspi.Application") } else { names.append("org.a11y.atspi.Component") }
        if node.clickable { names.append("org.a11y.atspi.Action") }
        if node.text != nil { names += ["org.a11y.atspi.Text", "org.a11y.atspi.EditableText"] }
        return names
    }

    private func accessible(_ member: String, _ arguments: [DBusValue], _ entry: AccessibleTree.Entry) -> BusReply {
        let node = entry.node
        switch member {
        case "GetChildAtIndex":
            guard case .int64(let i)? = arguments.first, node.children.indices.contains(Int(i)) else {
                return .standardError("InvalidArgs", "no child at that index")
            }
            return .values([reference(node.children[Int(i)].id)])
        case "GetChildren":
            return .values([.array(element: "(so)", node.children.map { reference($0.id) })])
        case "GetIndexInParent": return .values([.int32(Int32(entry.parent == nil ? -1 : entry.index))])
        case "GetRelationSet": return .values([.array(element: "(ua(so))", [])])
        case "GetRole": return .values([.uint32(node.role.rawValue)])
        case "GetRoleName", "GetLocalizedRoleName": return .values([.string(node.role.atspiName)])
        case "GetState": return .values([.array(element: "u", AccessibleState.bits(node.states).map { .uint32($0) })])
        case "GetAttributes":
            let pairs = node.attributes.sorted { $0.key < $1.key }
            return .values([.array(element: "{ss}", pairs.map { .entry(.string($0.key), .string($0.value)) })])
        case "GetApplication": return .values([reference(snapshot.tree.root.id)])
        case "GetInterfaces": return .values([.stringArray(interfaces(node))])
        default: return .standardError("UnknownMethod", "Accessible.\(member) is not answered")
        }
    }

    private func property(_ interface: String, _ name: String, _ entry: AccessibleTree.Entry) -> DBusValue? {
        let node = entry.node
        switch (interface, name) {
        case ("org.a11y.atspi.Accessible", "Name"): return .string(node.name)
        case ("org.a11y.atspi.Accessible", "Description"): return .string(node.description)
        case ("org.a11y.atspi.Accessible", "Parent"): return entry.parent.map(reference) ?? Self.desktop
        case ("org.a11y.atspi.Accessible", "ChildCount"): return .int32(Int32(node.children.count))
        case ("org.a11y.atspi.Accessible", "Locale"): return .string(snapshot.locale)
        case ("org.a11y.atspi.Accessible", "AccessibleId"): return .string(node.id)
        case ("org.a11y.atspi.Application", "ToolkitName"): return .string("FloatApp")
        case ("org.a11y.atspi.Application", "Version"): return .string("1")
        case ("org.a11y.atspi.Application", "AtspiVersion"): return .string("2.1")
        case ("org.a11y.atspi.Application", "Id"): return .int32(applicationID)
        case ("org.a11y.atspi.Action", "NActions"): return .int32(node.clickable ? 1 : 0)
        case ("org.a11y.atspi.Text", "CharacterCount"): return node.text.map { .int32(Int32($0.value.unicodeScalars.count)) }
        case ("org.a11y.atspi.Text", "CaretOffset"): return node.text.map { .int32(Int32($0.caret)) }
        default: return nil
        }
    }

    private func properties(_ call: BusCall, _ entry: AccessibleTree.Entry) -> BusReply {
        let names = ["Accessible": ["Name", "Description", "Parent", "ChildCount", "Locale", "AccessibleId"],
                     "Application": ["ToolkitName", "Version", "AtspiVersion", "Id"], "Action": ["NActions"],
                     "Text": ["CharacterCount", "CaretOffset"]]
        switch (call.member, call.arguments.first) {
        case ("Get", .string(let interface)?):
            guard call.arguments.count == 2, case .string(let name) = call.arguments[1],
                  let value = property(interface, name, entry) else {
                return .standardError("InvalidArgs", "no such property")
            }
            return .values([.variant(value)])
        case ("GetAll", .string(let interface)?):
            let own = names[String(interface.split(separator: ".").last ?? "")] ?? []
            return .values([.dictionary(own.compactMap { name in property(interface, name, entry).map { (name, $0) } })])
        case ("Set", _):
            // The registry sets the application's Id once; nothing reads it back from here.
            return .values([])
        default: return .standardError("UnknownMethod", "Properties.\(call.member) is not answered")
        }
    }

    private func component(_ member: String, _ arguments: [DBusValue], _ entry: AccessibleTree.Entry) -> BusReply {
        let screen = arguments.last != .uint32(1)
        let rect = snapshot.tree.extents(of: entry.node.id, windows: snapshot.windows, screen: screen)
            ?? AccessibleRect(x: 0, y: 0, width: 0, height: 0)
        switch member {
        case "GetExtents":
            return .values([.structure([.int32(Int32(rect.x)), .int32(Int32(rect.y)), .int32(Int32(rect.width)), .int32(Int32(rect.height))])])
        case "GetPosition": return .values([.int32(Int32(rect.x)), .int32(Int32(rect.y))])
        case "GetSize": return .values([.int32(Int32(rect.width)), .int32(Int32(rect.height))])
        case "Contains", "GetAccessibleAtPoint":
            guard arguments.count == 3, case .int64(let x) = arguments[0], case .int64(let y) = arguments[1] else {
                return .standardError("InvalidArgs", "expected x, y, coordinate type")
            }
            if member == "Contains" {
                return .values([.bool(Int(x) >= rect.x && Int(y) >= rect.y && Int(x) < rect.x + rect.width && Int(y) < rect.y + rect.height)])
            }
            let hit = snapshot.tree.child(of: entry.node.id, at: Int(x), Int(y), windows: snapshot.windows, screen: screen)
            return .values([hit.map(reference) ?? .structure([.string(""), .objectPath("/org/a11y/atspi/null")])])
        case "GetLayer": return .values([.uint32(entry.node.role == .frame ? 7 : 3)])
        case "GetAlpha": return .values([.double(1)])
        case "GrabFocus": return .values([.bool(false)])
        default: return .standardError("UnknownMethod", "Component.\(member) is not answered")
        }
    }

    private func action(_ member: String, _ entry: AccessibleTree.Entry) -> (BusReply, AccessibleRequest?) {
        guard entry.node.clickable else { return (.standardError("UnknownMethod", "the object has no action"), nil) }
        switch member {
        case "GetName": return (.values([.string("click")]), nil)
        case "GetLocalizedName": return (.values([.string(snapshot.clickName)]), nil)
        case "GetDescription", "GetKeyBinding": return (.values([.string("")]), nil)
        case "GetActions":
            return (.values([.array(element: "(sss)", [.structure([.string("click"), .string(snapshot.clickName), .string("")])])]), nil)
        case "DoAction": return (.values([.bool(true)]), .click(entry.node.id))
        default: return (.standardError("UnknownMethod", "Action.\(member) is not answered"), nil)
        }
    }
}
