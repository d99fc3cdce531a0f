import CX11
import CXTest
import Foundation
import TestSupport

/// Real input through the XTEST extension: the server sees it as coming from a device, so
/// clients get core and XInput2 (raw) events, unlike a pointer warp.
///
/// In a GNOME Wayland session the pointer goes through the compositor instead (mutter's
/// RemoteDesktop API): XTEST inside Xwayland reaches a client's press but loses its release.
extension TestDesktop {
    /// Default pause after each input step, so clients see separate events (20-50 ms advised).
    static let inputStepPause: TimeInterval = 0.03

    /// Moves the pointer to `point` (absolute, root coordinates).
    func moveMouse(to point: DesktopPoint) {
        if let pointer = gnomeSession?.pointer { return pointer.move(to: point) }
        XTestFakeMotionEvent(connection.display, XDefaultScreen(connection.display), Int32(point.x), Int32(point.y), 0)
        connection.sync()
    }

    /// Moves the pointer to `point` before a press there. In a GNOME Wayland session it then
    /// waits (at most `timeout`) until Xwayland reports the pointer at `point`, as a hand presses
    /// once the cursor is on what it aims at: Xwayland learns where the pointer is only when
    /// mutter sends it the motion over one of its windows, and under load mutter can be seconds
    /// late with it (its main loop waits for the software rasterizer); a press sent before then
    /// reaches no window. Returns false if Xwayland never saw the pointer arrive.
    @discardableResult
    func aimMouse(at point: DesktopPoint, timeout: TimeInterval = 5) -> Bool {
        moveMouse(to: point)
        guard let pointer = gnomeSession?.pointer else { return true }
        let point = pointer.position
        do {
            try eventually("Xwayland has the pointer at \(point)", timeout: timeout, poll: 0.005) {
                queryPointer().position == point
            }
            return true
        } catch {
            print("\(display): \(error); Xwayland still has it at \(queryPointer().position)")
            return false
        }
    }

    /// Warps the pointer to `point` as xdotool and remote-desktop tools do: clients get core
    /// motion events but no XInput2 raw events, as no device moved.
    func warpMouse(to point: DesktopPoint) {
        XWarpPointer(connection.display, 0, connection.root, 0, 0, 0, 0, Int32(point.x), Int32(point.y))
        connection.sync()
    }

    /// Moves the pointer by `dx`, `dy` from where it is.
    func moveMouse(by dx: Int, _ dy: Int) {
        if let pointer = gnomeSession?.pointer { return pointer.move(by: dx, dy) }
        XTestFakeRelativeMotionEvent(connection.display, Int32(dx), Int32(dy), 0)
        connection.sync()
    }

    /// Where the pointer is, in root coordinates.
    func pointerPosition() -> DesktopPoint {
        queryPointer().position
    }

    /// Releases every pointer button the server reports as held down.
    func releaseHeldButtons() {
        let mask = queryPointer().buttons
        let held: [(UInt32, MouseButton)] = [
            (UInt32(Button1Mask), .left), (UInt32(Button2Mask), .middle), (UInt32(Button3Mask), .right),
        ]
        for (bit, button) in held where mask & bit != 0 {
            release(button)
        }
    }

    /// The pointer's root position and the button and modifier mask.
    private func queryPointer() -> (position: DesktopPoint, buttons: UInt32) {
        var root: Window = 0
        var child: Window = 0
        var rootX: Int32 = 0
        var rootY: Int32 = 0
        var winX: Int32 = 0
        var winY: Int32 = 0
        var mask: UInt32 = 0
        XQueryPointer(connection.display, connection.root, &root, &child, &rootX, &rootY, &winX, &winY, &mask)
        return (DesktopPoint(x: Int(rootX), y: Int(rootY)), mask)
    }

    /// Presses `button` where the pointer is.
    func press(_ button: MouseButton = .left) {
        if let pointer = gnomeSession?.pointer { return pointer.set(button, down: true) }
        XTestFakeButtonEvent(connection.display, button.rawValue, 1, 0)
        connection.sync()
    }

    /// Releases `button`.
    func release(_ button: MouseButton = .left) {
        if let pointer = gnomeSession?.pointer { return pointer.set(button, down: false) }
        XTestFakeButtonEvent(connection.display, button.rawValue, 0, 0)
        connection.sync()
    }

    /// Moves to `point` (if given), then presses and releases `button` with pauses between steps.
    func click(at point: DesktopPoint? = nil, button: MouseButton = .left, pause: TimeInterval = inputStepPause) {
        if let point {
            aimMouse(at: point)
            Thread.sleep(forTimeInterval: pause)
        }
        press(button)
        Thread.sleep(forTimeInterval: pause)
        release(button)
        Thread.sleep(forTimeInterval: pause)
    }

    /// Turns the wheel by `clicks` notches: positive scrolls up (button 4), negative down (button 5).
    func scroll(_ clicks: Int, at point: DesktopPoint? = nil, pause: TimeInterval = inputStepPause) {
        if let point {
            moveMouse(to: point)
            Thread.sleep(forTimeInterval: pause)
        }
        for _ in 0..<abs(clicks) {
            click(button: clicks > 0 ? .wheelUp : .wheelDown, pause: pause)
        }
    }

    /// What a drag does once the pointer reaches its end point.
    enum DragEnding {
        /// Keep the button down and the pointer still this long, then release (a slow release).
        case holdThenRelease(TimeInterval)
        /// Release at once, while the pointer still moves at full speed (a fling).
        case releaseMoving
    }

    /// Presses at `start`, moves to `end` in `steps` evenly timed motion events over `duration`,
    /// then releases as `ending` says.
    ///
    /// Events are spaced by the clock (each step waits for its own deadline), so the velocity
    /// a client measures is the intended `(end - start) / duration`.
    func drag(
        from start: DesktopPoint, to end: DesktopPoint, duration: TimeInterval = 0.4, steps: Int = 20,
        button: MouseButton = .left, ending: DragEnding = .holdThenRelease(0.1)
    ) {
        aimMouse(at: start)
        Thread.sleep(forTimeInterval: Self.inputStepPause)
        press(button)
        Thread.sleep(forTimeInterval: Self.inputStepPause)
        movePaced(from: start, to: end, duration: duration, steps: steps)
        if case .holdThenRelease(let hold) = ending {
            Thread.sleep(forTimeInterval: hold)
        }
        release(button)
        Thread.sleep(forTimeInterval: Self.inputStepPause)
    }

    /// A fast drag released while moving: press at `start`, sweep to `end` in `duration`, let go.
    func fling(
        from start: DesktopPoint, to end: DesktopPoint, duration: TimeInterval = 0.1, steps: Int = 8,
        button: MouseButton = .left
    ) {
        drag(from: start, to: end, duration: duration, steps: steps, button: button, ending: .releaseMoving)
    }

    /// Moves the pointer from `start` to `end` in `steps` motion events spread evenly over `duration`.
    func movePaced(from start: DesktopPoint, to end: DesktopPoint, duration: TimeInterval, steps: Int) {
        let stepCount = max(1, steps)
        let begin = Date()
        for step in 1...stepCount {
            let fraction = Double(step) / Double(stepCount)
            let due = begin.addingTimeInterval(duration * fraction)
            let wait = due.timeIntervalSinceNow
            if wait > 0 {
                Thread.sleep(forTimeInterval: wait)
            }
            moveMouse(to: DesktopPoint(
                x: start.x + Int((Double(end.x - start.x) * fraction).rounded()),
                y: start.y + Int((Double(end.y - start.y) * fraction).rounded())))
        }
    }

    /// Presses and releases `key` while holding `modifiers`, with pauses between steps.
    ///
    /// A keysym that sits on a shifted level of its key (like `plus` on US layouts) gets Shift added.
    func key(_ key: Key, modifiers: [Modifier] = [], pause: TimeInterval = inputStepPause) {
        let keycode = XKeysymToKeycode(connection.display, key.keysym)
        precondition(keycode != 0, "no key produces \(key) on \(display)")
        var held = modifiers
        if needsShift(key.keysym, keycode: keycode), !held.contains(.shift) {
            held.append(.shift)
        }
        let modifierCodes = held.map { XKeysymToKeycode(connection.display, $0.keysym) }
        for code in modifierCodes {
            XTestFakeKeyEvent(connection.display, UInt32(code), 1, 0)
        }
        XTestFakeKeyEvent(connection.display, UInt32(keycode), 1, 0)
        connection.sync()
        Thread.sleep(forTimeInterval: pause)
        XTestFakeKeyEvent(connection.display, UInt32(keycode), 0, 0)
        for code in modifierCodes.reversed() {
            XTestFakeKeyEvent(connection.display, UInt32(code), 0, 0)
        }
        connection.sync()
        Thread.sleep(forTimeInterval: pause)
    }

    /// Whether `keysym` is only reachable on the shifted level of `keycode`.
    private func needsShift(_ keysym: KeySym, keycode: KeyCode) -> Bool {
        var perCode: Int32 = 0
        guard let symbols = XGetKeyboardMapping(connection.display, keycode, 1, &perCode) else { return false }
        defer { XFree(symbols) }
        return perCode > 1 && symbols[0] != keysym && symbols[1] == keysym
    }
}
