import AppCore
import CSDL
import Logging
import PiPLayout

/// The float's pointer on X11, read from the X server's own motion and button events (SDL
/// passes them on as `SDL_SYSWMEVENT`): their `time` is when the server saw the motion, so a
/// burst of events read late on a busy machine keeps its real spacing and the release velocity
/// stays true. They also report every motion while the window follows the pointer, which SDL's
/// window-relative events drop. Wayland keeps SDL's events and timestamps.
@MainActor
extension App {
    /// Whether the float's pointer events come from the X server rather than SDL's translation.
    func floatPointerFromServer(_ windowID: UInt32) -> Bool {
        guard let fw = floatWindow, fw.xWindow != nil else { return false }
        return windowID == fw.window.id
    }

    /// The float's pointer event in an X event SDL passed on, with the server's time.
    func serverPointerEvent(_ message: UnsafeMutablePointer<SDL_SysWMmsg>?) -> [AppEvent] {
        guard let message, message.pointee.subsystem == SDL_SYSWM_X11,
              let fw = floatWindow, let xid = fw.xWindow else { return [] }
        let x = message.pointee.msg.x11.event
        switch x.type {
        case ButtonPress, ButtonRelease: dispatch(.userInput(serverTime: x.xbutton.time))
        case KeyPress, KeyRelease: dispatch(.userInput(serverTime: x.xkey.time))
        default: break
        }
        switch x.type {
        case MotionNotify where x.xmotion.window == xid:
            let m = x.xmotion
            let time = fw.serverClock.seconds(server: UInt32(truncatingIfNeeded: m.time), arrivedAt: now, startsGesture: false)
            if m.state & UInt32(Button1Mask) != 0 {
                Log.debug("float drag motion to (\(m.x_root), \(m.y_root)): server time \(m.time) ms is \(time) s, read at \(now) s")
            }
            return [.pointerMoved(window: .float, x: Int(m.x), y: Int(m.y), global: point(m.x_root, m.y_root), time: time)]
        case ButtonPress where x.xbutton.window == xid && x.xbutton.button == UInt32(Button1),
             ButtonRelease where x.xbutton.window == xid && x.xbutton.button == UInt32(Button1):
            let b = x.xbutton, pressed = x.type == ButtonPress
            let time = fw.serverClock.seconds(server: UInt32(truncatingIfNeeded: b.time), arrivedAt: now, startsGesture: pressed)
            let global = point(b.x_root, b.y_root)
            Log.debug("float button \(pressed ? "press" : "release"): server time \(b.time) ms is \(time) s, read at \(now) s")
            if pressed { return [.pointerPressed(window: .float, x: Int(b.x), y: Int(b.y), global: global, time: time)] }
            return [.pointerReleased(window: .float, x: Int(b.x), y: Int(b.y), global: global, time: time,
                                     overFloat: fw.contains(global))]
        default:
            return []
        }
    }

    private func point(_ x: Int32, _ y: Int32) -> Point { Point(x: Double(x), y: Double(y)) }
}
