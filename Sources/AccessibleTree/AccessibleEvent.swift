/// What an assistive technology is told changed between two trees, as AT-SPI2's events name it.
public enum AccessibleEvent: Equatable, Sendable {
    /// `object:children-changed:add` / `:remove`: `child` was added at or removed from `index`.
    case childrenChanged(parent: String, added: Bool, index: Int, child: String)
    /// `object:state-changed:STATE` of `object`.
    case stateChanged(String, AccessibleState, Bool)
    /// `object:property-change:accessible-name`.
    case nameChanged(String, String)
    /// `object:property-change:accessible-description`.
    case descriptionChanged(String, String)
    /// `focus:`: keyboard focus moved to the object.
    case focus(String)
    /// `window:activate` / `window:deactivate`: the frame's window got or lost the keyboard.
    case windowActivated(String, Bool)
    /// `object:text-changed:insert` / `:delete`: `text` was inserted at or deleted from `offset`.
    case textChanged(String, inserted: Bool, offset: Int, text: String)
    /// `object:text-caret-moved`: the caret is now at `offset`.
    case caretMoved(String, Int)
    /// `object:announcement`: a screen reader says the text (a toast, a status change).
    case announcement(String)
}

extension AccessibleTree {
    /// The events that tell what changed since `old`, in the order they are sent: objects
    /// removed, then added (an added object's own children come with it, unannounced), then
    /// frames activated or deactivated (the `active` state, then the window event, so a client
    /// that caches states reads the new one when the window event comes), then names,
    /// descriptions and states of objects in both (the focused state of what has focus in a
    /// frame just activated among them), then focus and announcements (an object with a `live`
    /// attribute, a live region, that appeared or was reworded). A notification that appears is
    /// told as GTK tells one, by its `showing` state turning on, which every Orca speaks (Orca
    /// 43, Debian 12's, has no announcements), and not announced too, or a newer Orca would
    /// say it twice.
    public func events(since old: AccessibleTree) -> [AccessibleEvent] {
        var removed: [AccessibleEvent] = [], added: [AccessibleEvent] = [], changed: [AccessibleEvent] = []
        var windows: [AccessibleEvent] = [], announced: [AccessibleEvent] = []
        for node in all {
            guard let before = old.entry(node.id)?.node else { continue }
            let now = Set(node.children.map(\.id)), then = Set(before.children.map(\.id))
            for (i, child) in before.children.enumerated().reversed() where !now.contains(child.id) {
                removed.append(.childrenChanged(parent: node.id, added: false, index: i, child: child.id))
            }
            for (i, child) in node.children.enumerated() where !then.contains(child.id) {
                added.append(.childrenChanged(parent: node.id, added: true, index: i, child: child.id))
            }
            if node.name != before.name { changed.append(.nameChanged(node.id, node.name)) }
            if node.description != before.description { changed.append(.descriptionChanged(node.id, node.description)) }
            for state in node.states.symmetricDifference(before.states).sorted() {
                let on = node.states.contains(state)
                if state == .active, node.role == .frame {
                    windows += [.stateChanged(node.id, state, on), .windowActivated(node.id, on)]
                } else {
                    changed.append(.stateChanged(node.id, state, on))
                }
            }
            if let text = node.text, let old = before.text { changed += Self.textEvents(node.id, from: old, to: text) }
            if node.attributes["live"] != nil, node.name != before.name { announced.append(.announcement(node.name)) }
        }
        for node in all where node.attributes["live"] != nil && old.entry(node.id) == nil {
            announced.append(node.role == .notification ? .stateChanged(node.id, .showing, true) : .announcement(node.name))
        }
        var focus: [AccessibleEvent] = []
        if let id = focused, id != old.focused {
            if old.entry(id) == nil { focus.append(.stateChanged(id, .focused, true)) }
            focus.append(.focus(id))
        }
        return removed + added + windows + changed + focus + announced
    }

    /// What changed in a field's text: the span between the common start and end deleted, the
    /// new one inserted, then the caret if it moved.
    private static func textEvents(_ id: String, from old: AccessibleText, to new: AccessibleText) -> [AccessibleEvent] {
        var events: [AccessibleEvent] = []
        if old.value != new.value {
            let a = old.points, b = new.points
            let start = zip(a, b).prefix { $0 == $1 }.count
            let end = zip(a[start...].reversed(), b[start...].reversed()).prefix { $0 == $1 }.count
            if a.count - end > start { events.append(.textChanged(id, inserted: false, offset: start, text: String(String.UnicodeScalarView(a[start..<(a.count - end)])))) }
            if b.count - end > start { events.append(.textChanged(id, inserted: true, offset: start, text: String(String.UnicodeScalarView(b[start..<(b.count - end)])))) }
        }
        if old.caret != new.caret { events.append(.caretMoved(id, new.caret)) }
        return events
    }
}
