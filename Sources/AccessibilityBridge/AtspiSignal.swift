import AccessibleTree
import SessionBus

/// One AT-SPI2 event as the signal that carries it: `(detail, detail1, detail2, any_data,
/// properties)` from the object's path.
struct AtspiSignal: Equatable {
    let path: String
    let interface: String
    let member: String
    let arguments: [DBusValue]

    private init(_ path: String, _ interface: String, _ member: String, _ detail: String, _ detail1: Int32,
                 _ data: DBusValue, detail2: Int32 = 0) {
        self.path = path
        self.interface = interface
        self.member = member
        arguments = [.string(detail), .int32(detail1), .int32(detail2), .variant(data), .dictionary([])]
    }

    /// The signals of `event` in `tree`, whose objects `busName` owns.
    init(_ event: AccessibleEvent, in tree: AccessibleTree, busName: String) {
        let object = "org.a11y.atspi.Event.Object"
        switch event {
        case .childrenChanged(let parent, let added, let index, let child):
            let reference = DBusValue.structure([.string(busName), .objectPath(tree.path(of: child))])
            self.init(tree.path(of: parent), object, "ChildrenChanged", added ? "add" : "remove", Int32(index), reference)
        case .stateChanged(let id, let state, let on):
            self.init(tree.path(of: id), object, "StateChanged", state.atspiName, on ? 1 : 0, .int32(0))
        case .nameChanged(let id, let name):
            self.init(tree.path(of: id), object, "PropertyChange", "accessible-name", 0, .string(name))
        case .descriptionChanged(let id, let description):
            self.init(tree.path(of: id), object, "PropertyChange", "accessible-description", 0, .string(description))
        case .focus(let id):
            self.init(tree.path(of: id), "org.a11y.atspi.Event.Focus", "Focus", "", 0, .int32(0))
        case .windowActivated(let id, let active):
            self.init(tree.path(of: id), "org.a11y.atspi.Event.Window", active ? "Activate" : "Deactivate", "", 0, .string(""))
        case .textChanged(let id, let inserted, let offset, let text):
            self.init(tree.path(of: id), object, "TextChanged", inserted ? "insert" : "delete", Int32(offset), .string(text),
                      detail2: Int32(text.count))
        case .caretMoved(let id, let offset):
            self.init(tree.path(of: id), object, "TextCaretMoved", "", Int32(offset), .int32(0))
        case .announcement(let text):
            // Politeness 1 is ATSPI_LIVE_POLITE: said after what is being said.
            self.init(AccessibleTree.rootPath, object, "Announcement", "", 1, .string(text))
        }
    }
}
