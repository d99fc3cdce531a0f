import Localization
import Rooms

/// A place the keyboard's Tab stops at (X7): the accessible object's id it stands for and where
/// it is painted in its window.
public struct FocusStop: Hashable, Sendable {
    /// The accessible object's id (``AccessibleTarget/id``, `main/list` for the list's rows).
    public let id: String
    /// Where it is painted, in its window's pixels.
    public let rect: PixelRect
}

/// Keyboard focus (X7): Tab and Shift+Tab move it through a window's controls in the order they
/// are painted (left to right, or right to left in a right-to-left language, row by row from the
/// top); Space and Enter press the focused control; F6 moves it between the main window and the
/// float. The focus is ``Fields/focus``, the one the text fields take too.
extension AppState {
    /// The id of the list's rows as one stop: the arrows move the selection in it.
    static let listStop = "main/list"
    /// The ids of the call-link question's buttons and a toast's button.
    static let callLinkJoinStop = "main/calllink:join", callLinkCancelStop = "main/calllink:cancel"
    static let toastButtonStop = "main/toast:button"
    /// The id of a room view's pane: the keyboard lands on it when the room opens, outside the Tab order.
    static let roomPaneStop = "main/room"

    /// The stops of `window` at `now` in visual order; `measure` is the painter's, for where a
    /// stop's ring is drawn.
    public func focusStops(_ window: WindowKind, now: Double, measure: TextMeasure? = nil) -> [FocusStop] {
        var stops: [FocusStop] = []
        switch window {
        case .float:
            guard float.visible else { return [] }
            let layout = floatControls(now: now, measure: measure)
            stops = layout.map { FocusStop(id: AccessibleTarget.floatControl($0.target).id, rect: $0.rect) }
        case .main:
            if let question = callLinkLayout() {
                return Self.visualOrder([FocusStop(id: Self.callLinkCancelStop, rect: question.cancel.rect),
                                         FocusStop(id: Self.callLinkJoinStop, rect: question.join.rect)],
                                        environment.direction)
            }
            stops = mainStops(now: now, measure: measure)
        }
        return Self.visualOrder(stops, environment.direction)
    }

    private func mainStops(now: Double, measure: TextMeasure?) -> [FocusStop] {
        var stops: [FocusStop] = []
        switch session.mainWindow.content {
        case .list:
            let list = listViewModel(now: now)
            stops.append(FocusStop(id: AccessibleTarget.field(list.field.name).id, rect: list.field.rect))
            stops.append(FocusStop(id: AccessibleTarget.addButton.id, rect: list.addButton))
            if let row = list.rows.first(where: \.isSelected) ?? list.rows.first {
                stops.append(FocusStop(id: Self.listStop, rect: row.rect))
            }
        case .room:
            let controls = roomLayout(now: now, measure: measure)?.controls ?? []
            stops = controls.map { FocusStop(id: AccessibleTarget.roomControl($0.target).id, rect: $0.rect) }
        }
        for toast in toastLayout(now: now, measure: measure) where toast.action != nil {
            if let button = toast.button { stops.append(FocusStop(id: Self.toastButtonStop, rect: button)) }
        }
        return stops
    }

    /// The float's controls, shown while the pointer is over it or the keyboard is in it.
    private func floatControls(now: Double, measure: TextMeasure?) -> [Hotspot<FloatControl>] {
        floatLayout(now: now, measure: measure).buttons
    }

    /// `stops` row by row from the top (a stop whose middle is inside the row's first stop
    /// joins its row), each row from the left, or from the right in a right-to-left language.
    static func visualOrder(_ stops: [FocusStop], _ direction: TextDirection) -> [FocusStop] {
        var rows: [[FocusStop]] = []
        for stop in stops.sorted(by: { $0.rect.y < $1.rect.y }) {
            if let first = rows.last?.first, stop.rect.y + stop.rect.h / 2 < first.rect.maxY {
                rows[rows.count - 1].append(stop)
            } else {
                rows.append([stop])
            }
        }
        return rows.flatMap { row in
            row.sorted { direction == .rightToLeft ? $0.rect.maxX > $1.rect.maxX : $0.rect.x < $1.rect.x }
        }
    }

    /// The id of what has the keyboard, when it is a stop of a window now: a field's or a
    /// control's. A control no longer shown (a room's button after leaving it) has no focus.
    func focusedStop(now: Double) -> (id: String, window: WindowKind)? {
        let id: String
        switch fields.focus {
        case .field(let name):
            // The header shows the location field while it is open, else the search field.
            guard callLinks.asking == nil, case .list = session.mainWindow.content,
                  (name == .location) == (fields.location != nil) else { return nil }
            return (AccessibleTarget.field(name).id, .main)
        case .control(let control): id = control
        case nil: return nil
        }
        let window: WindowKind = id.hasPrefix("float/") ? .float : .main
        guard focusStops(window, now: now).contains(where: { $0.id == id }) else { return nil }
        return (id, window)
    }

    /// The room pane's id while it has the keyboard in a room view.
    var focusedRoomPane: String? {
        guard fields.focus == .control(Self.roomPaneStop), callLinks.asking == nil, case .room = session.mainWindow.content
        else { return nil }
        return Self.roomPaneStop
    }

    /// The main window's view changed: the keyboard lands in the new view as a toolkit's does
    /// (X7), on a room's pane (a screen reader says its title and status; Tab goes on to its
    /// first button), or back in the list on its selected row, with a ring only when a key moved
    /// the view. A control of the float keeps the keyboard.
    mutating func focusNewView(byKey: Bool) {
        if case .control(let id) = fields.focus, id.hasPrefix("float/") { return }
        switch session.mainWindow.content {
        case .room: _ = fields.send(.focusControl(Self.roomPaneStop))
        case .list: _ = fields.send(byKey ? .focusControl(Self.listStop) : .blur)
        }
    }

    /// Whether the keyboard focus is on one of the float's controls: they show then.
    var keyboardInFloat: Bool {
        if case .control(let id) = fields.focus, id.hasPrefix("float/") { true } else { false }
    }

    /// Where the focus ring is drawn in `window` (2 px in the accent colour around the focused
    /// control), with the painter's `measure`; nil when nothing there has the keyboard.
    public func focusRing(_ window: WindowKind, now: Double, measure: TextMeasure? = nil) -> PixelRect? {
        guard let focused = focusedStop(now: now), focused.window == window else { return nil }
        return focusStops(window, now: now, measure: measure).first { $0.id == focused.id }?.rect
    }

    /// Tab, Shift+Tab, F6, and Space, Enter and the arrows on the focused control (X7); nil for
    /// a key the focus leaves to the window's own keys and shortcuts.
    mutating func focusKey(_ key: Key, window: WindowKind, ctrl: Bool, shift: Bool, now: Double) -> [AppEffect]? {
        if key == .tab, !ctrl { return moveFocus(from: window, back: shift, now: now) }
        if key == .f6 { return switchFocusWindow(from: window, now: now) }
        guard let focused = focusedStop(now: now), case .control = fields.focus else { return nil }
        switch key {
        case .enter, .space:
            guard focused.id != Self.listStop else { return nil }
            fields.spacePressedControl = key == .space
            return accessibleClicked(focused.id, now: now)
        case .up, .right, .down, .left:
            guard focused.id.hasSuffix("control:volume") else {
                return focused.window == .float ? [] : nil
            }
            let steps = key == .up || key == (environment.direction == .rightToLeft ? .left : .right) ? 1 : -1
            return volumeStep(focused.window, by: steps)
        default:
            return focused.window == .float ? floatKey(key, ctrl: ctrl, now: now) : nil
        }
    }

    /// Moves the focus to the next stop (the previous one with `back`) of the window it is in,
    /// round the end; from nothing focused to the first (the last).
    private mutating func moveFocus(from: WindowKind, back: Bool, now: Double) -> [AppEffect] {
        let current = focusedStop(now: now)
        let window = current?.window ?? (isFloat(from) ? .float : .main)
        if window == .main { showControls(now: now) }
        let stops = focusStops(window, now: now)
        guard !stops.isEmpty else { return [] }
        let index = current.flatMap { c in stops.firstIndex { $0.id == c.id } }
        let next = index.map { (stops.count + $0 + (back ? -1 : 1)) % stops.count } ?? (back ? stops.count - 1 : 0)
        return focus(stops[next].id, now: now)
    }

    /// F6: from the main window to the float's first control (the float's controls show), and
    /// back to the main window's first stop; the float's window manager need not give it the
    /// keyboard, the keys follow this focus whichever window has it.
    private mutating func switchFocusWindow(from: WindowKind, now: Double) -> [AppEffect] {
        let inFloat = focusedStop(now: now).map { $0.window == .float } ?? isFloat(from)
        if !inFloat, float.visible {
            float.hover = true
            guard let first = focusStops(.float, now: now).first else { return [] }
            return focus(first.id, now: now)
        }
        float.hover = false
        guard let first = focusStops(.main, now: now).first else { return sendFields(.blur, now: now) }
        return focus(first.id, now: now)
    }

    /// Gives the stop with `id` the keyboard: a field as a click in it would, else the control.
    private mutating func focus(_ id: String, now: Double) -> [AppEffect] {
        if let name = [Fields.Name.search, .location].first(where: { AccessibleTarget.field($0).id == id }) {
            return sendFields(.focus(name, selectAll: false), now: now)
        }
        return sendFields(.focusControl(id), now: now)
    }

    /// A tenth up or down on the focused volume slider of `window`.
    private mutating func volumeStep(_ window: WindowKind, by steps: Int) -> [AppEffect] {
        if window == .float { return floatVolumeStep(by: steps) }
        guard case .room(let id) = session.mainWindow.content else { return [] }
        return changeVolume(id, by: Float(steps) / 10)
    }
}
