import Foundation
import TestSupport

/// The pointer of a GNOME Wayland session, driven through the compositor as a remote-desktop
/// tool drives it: `Tests/Tools/remote-pointer.py` turns each line this sends into a call on
/// mutter's `org.gnome.Mutter.RemoteDesktop` session (relative motion, evdev buttons).
///
/// The API has no absolute motion without a screen-cast stream, so the pointer is first
/// pushed into the top-left corner of `bounds` (mutter keeps it on the monitors) and its
/// position is tracked from there; mutter applies no acceleration to a virtual device's motion.
final class RemotePointer {
    /// Where the pointer is, in root coordinates of the session's Xwayland.
    private(set) var position: DesktopPoint
    /// The monitors' union, where mutter keeps the pointer.
    let bounds: DesktopRect
    private let descriptor: Int32
    private var isClosed = false
    /// The first answer other than "ok", for failure messages.
    private(set) var failure: String?

    /// Connects to the helper's socket at `path` and parks the pointer at the top-left of `bounds`.
    init(socketPath path: String, bounds: DesktopRect) throws {
        guard let descriptor = connectUnixSocket(path) else {
            throw HarnessError("the remote pointer at \(path) refuses a connection")
        }
        self.descriptor = descriptor
        self.bounds = bounds
        position = DesktopPoint(x: bounds.minX, y: bounds.minY)
        send("move \(-4 * bounds.width) \(-4 * bounds.height)")
        if let failure { throw HarnessError("the remote pointer cannot move: \(failure)") }
    }

    deinit {
        close()
    }

    /// Hangs up; the helper then stops its RemoteDesktop session and ends, and mutter with it.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(descriptor)
    }

    /// Moves to `point`, clamped to `bounds` as mutter clamps it.
    func move(to point: DesktopPoint) {
        let target = DesktopPoint(
            x: min(max(point.x, bounds.minX), bounds.maxX - 1), y: min(max(point.y, bounds.minY), bounds.maxY - 1))
        move(by: target.x - position.x, target.y - position.y)
    }

    /// Moves by `dx`, `dy`, clamped to `bounds`.
    func move(by dx: Int, _ dy: Int) {
        let target = DesktopPoint(
            x: min(max(position.x + dx, bounds.minX), bounds.maxX - 1),
            y: min(max(position.y + dy, bounds.minY), bounds.maxY - 1))
        guard target != position else { return }
        send("move \(target.x - position.x) \(target.y - position.y)")
        position = target
    }

    /// Presses (`down`) or releases `button`.
    func set(_ button: MouseButton, down: Bool) {
        send("button \(Self.evdevCode(of: button)) \(down ? 1 : 0)")
    }

    /// The Linux input event code of `button` (BTN_LEFT, BTN_RIGHT, BTN_MIDDLE).
    private static func evdevCode(of button: MouseButton) -> Int {
        switch button {
        case .left: 0x110
        case .right: 0x111
        case .middle: 0x112
        case .wheelUp, .wheelDown: preconditionFailure("the remote pointer has no wheel")
        }
    }

    /// Sends one command line and waits (at most 20 s) for its answer, so the compositor has
    /// taken each step before the next is sent.
    private func send(_ command: String) {
        let line = Array((command + "\n").utf8)
        var written = 0
        while written < line.count {
            let count = line[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return note("cannot send \"\(command)\": \(String(cString: strerror(errno)))") }
            written += count
        }
        var answer: [UInt8] = []
        var byte: UInt8 = 0
        while answer.last != UInt8(ascii: "\n") {
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, 20_000) > 0, read(descriptor, &byte, 1) == 1 else {
                return note("no answer to \"\(command)\"")
            }
            answer.append(byte)
        }
        let text = String(decoding: answer.dropLast(), as: UTF8.self)
        if text != "ok" { note("\"\(command)\": \(text)") }
    }

    private func note(_ problem: String) {
        print("remote pointer: \(problem)")
        if failure == nil { failure = problem }
    }
}
