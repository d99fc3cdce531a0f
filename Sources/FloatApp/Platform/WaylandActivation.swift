import CSDL
import CWayland
import Glibc
import Logging

/// Brings a window in front on a Wayland compositor (P18) through its `xdg_activation_v1`, with
/// a token that names the user's latest key or button press on the app's windows: the proof
/// compositors ask for before they move focus. SDL 2.26's own `SDL_RaiseWindow` asks for a token
/// without it, which focus-stealing prevention (GNOME's, KDE's) refuses.
///
/// Its objects live on an event queue of their own on SDL's connection: SDL never dispatches
/// their events, and ``catchUp()`` does (the loop calls it, so the queue never grows). It binds
/// a seat of its own (version 1) only to read the serials of presses, which SDL keeps to itself.
@MainActor
final class WaylandActivation {
    private let display: OpaquePointer
    private let queue: OpaquePointer
    private var registry: OpaquePointer?
    private var activation: OpaquePointer?
    private var seat: OpaquePointer?
    private var pointer: OpaquePointer?
    private var keyboard: OpaquePointer?
    /// The surfaces the pointer and the keyboard are on, as the compositor last said.
    private var pointerSurface: OpaquePointer?
    private var keyboardSurface: OpaquePointer?
    /// The latest press of a button or key: its serial and the surface it went to. Compositors
    /// check a token's serial against presses (mutter against its pointer's grab serial).
    private var lastInput: (serial: UInt32, surface: OpaquePointer?)?
    /// The token the compositor answered with, while one is awaited.
    private var token: String?
    private let listeners = Listeners()
    private var closed = false

    /// Binds the compositor's activation on the connection behind `window`; nil when the window
    /// is not on Wayland or the compositor offers no `xdg_activation_v1` (weston 10).
    init?(connectionOf window: Window) {
        guard let (display, _) = window.wayland, let queue = wl_display_create_queue(display) else { return nil }
        self.display = display
        self.queue = queue
        guard let wrapper = wl_proxy_create_wrapper(UnsafeMutableRawPointer(display)) else {
            wl_event_queue_destroy(queue)
            return nil
        }
        wl_proxy_set_queue(OpaquePointer(wrapper), queue)
        registry = wl_display_get_registry(OpaquePointer(wrapper))
        wl_proxy_wrapper_destroy(wrapper)
        wl_registry_add_listener(registry, listeners.registry, Unmanaged.passUnretained(self).toOpaque())
        // The first round trip lists the globals (and binds); the second brings the seat's
        // capabilities, which ask for its pointer and keyboard.
        _ = wl_display_roundtrip_queue(display, queue)
        _ = wl_display_roundtrip_queue(display, queue)
        guard activation != nil else {
            close()
            return nil
        }
    }

    /// Handles what the compositor sent this queue (the seat's input, a token) since last time.
    func catchUp() {
        _ = wl_display_dispatch_queue_pending(display, queue)
    }

    /// Asks the compositor to activate (raise and focus) `window`, naming the user's latest press
    /// as its reason; false when the request could not be made. The compositor decides: sway
    /// marks the window urgent unless its `focus_on_window_activation` says focus.
    @discardableResult
    func activate(_ window: Window) -> Bool {
        catchUp()
        guard let activation, let target = window.wayland?.surface,
              let request = xdg_activation_v1_get_activation_token(activation) else { return false }
        defer { xdg_activation_token_v1_destroy(request) }
        if let input = lastInput {
            if let seat { xdg_activation_token_v1_set_serial(request, input.serial, seat) }
            if let surface = input.surface { xdg_activation_token_v1_set_surface(request, surface) }
        }
        token = nil
        xdg_activation_token_v1_add_listener(request, listeners.token, Unmanaged.passUnretained(self).toOpaque())
        xdg_activation_token_v1_commit(request)
        // The compositor answers the commit before the round trip's own callback; one that
        // does not within a few round trips is not waited for.
        for _ in 0..<3 where token == nil {
            guard wl_display_roundtrip_queue(display, queue) >= 0 else { break }
        }
        guard let token else { return false }
        Log.debug("xdg-activation: activating a window for \(lastInput.map { "the press of serial \($0.serial)" } ?? "no press")")
        xdg_activation_v1_activate(activation, token, target)
        self.token = nil
        return wl_display_flush(display) >= 0
    }

    /// Asks the compositor to activate `window` with `token`, one a launcher got for the user's
    /// request (`XDG_ACTIVATION_TOKEN`, passed on by another FloatApp); false when the request
    /// could not be sent.
    func activate(_ window: Window, token: String) -> Bool {
        guard let activation, let target = window.wayland?.surface else { return false }
        Log.debug("xdg-activation: activating a window with the launcher's token")
        xdg_activation_v1_activate(activation, token, target)
        return wl_display_flush(display) >= 0
    }

    /// Destroys the objects and the queue while SDL's connection is still open.
    func close() {
        guard !closed else { return }
        closed = true
        if let keyboard { wl_keyboard_destroy(keyboard) }
        if let pointer { wl_pointer_destroy(pointer) }
        if let seat { wl_seat_destroy(seat) }
        if let activation { xdg_activation_v1_destroy(activation) }
        if let registry { wl_registry_destroy(registry) }
        (keyboard, pointer, seat, activation, registry) = (nil, nil, nil, nil, nil)
        wl_event_queue_destroy(queue)
    }

    // MARK: Events (on the main thread, from `wl_display_*_queue` calls above)

    private func global(_ name: UInt32, interface: String) {
        if interface == "xdg_activation_v1", activation == nil {
            activation = OpaquePointer(wl_registry_bind(registry, name, floatapp_xdg_activation_v1_interface(), 1))
        } else if interface == "wl_seat", seat == nil {
            seat = OpaquePointer(wl_registry_bind(registry, name, floatapp_wl_seat_interface(), 1))
            wl_seat_add_listener(seat, listeners.seat, Unmanaged.passUnretained(self).toOpaque())
        }
    }

    private func capabilities(_ caps: UInt32) {
        let me = Unmanaged.passUnretained(self).toOpaque()
        if caps & WL_SEAT_CAPABILITY_POINTER.rawValue != 0, pointer == nil {
            pointer = wl_seat_get_pointer(seat)
            wl_pointer_add_listener(pointer, listeners.pointer, me)
        }
        if caps & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0, keyboard == nil {
            keyboard = wl_seat_get_keyboard(seat)
            wl_keyboard_add_listener(keyboard, listeners.keyboard, me)
        }
    }

    /// Runs `body` on the instance a listener's data points to, on the main thread that
    /// dispatches the queue.
    private nonisolated static func with(_ data: UnsafeMutableRawPointer?, _ body: @MainActor (WaylandActivation) -> Void) {
        // Pointers are not Sendable: the address crosses into the main actor's closure as a number.
        let address = UInt(bitPattern: data)
        MainActor.assumeIsolated {
            guard let data = UnsafeMutableRawPointer(bitPattern: address) else { return }
            body(Unmanaged<WaylandActivation>.fromOpaque(data).takeUnretainedValue())
        }
    }

    /// The listener tables, allocated once so that their addresses stay valid for the proxies.
    private final class Listeners {
        let registry = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
        let seat = UnsafeMutablePointer<wl_seat_listener>.allocate(capacity: 1)
        let pointer = UnsafeMutablePointer<wl_pointer_listener>.allocate(capacity: 1)
        let keyboard = UnsafeMutablePointer<wl_keyboard_listener>.allocate(capacity: 1)
        let token = UnsafeMutablePointer<xdg_activation_token_v1_listener>.allocate(capacity: 1)

        init() {
            registry.initialize(to: wl_registry_listener(
                global: { data, _, name, interface, _ in
                    guard let interface else { return }
                    let text = String(cString: interface)
                    WaylandActivation.with(data) { $0.global(name, interface: text) }
                },
                global_remove: { _, _, _ in }))
            seat.initialize(to: wl_seat_listener(
                capabilities: { data, _, caps in WaylandActivation.with(data) { $0.capabilities(caps) } },
                name: { _, _, _ in }))
            pointer.initialize(to: wl_pointer_listener(
                enter: { data, _, _, surface, _, _ in
                    let address = Int(bitPattern: surface)
                    WaylandActivation.with(data) { $0.pointerSurface = OpaquePointer(bitPattern: address) }
                },
                leave: { data, _, _, _ in WaylandActivation.with(data) { $0.pointerSurface = nil } },
                motion: { _, _, _, _, _ in },
                button: { data, _, serial, _, _, state in
                    guard state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue else { return }
                    WaylandActivation.with(data) { $0.lastInput = (serial, $0.pointerSurface) }
                },
                axis: { _, _, _, _, _ in },
                frame: { _, _ in }, axis_source: { _, _, _ in }, axis_stop: { _, _, _, _ in },
                axis_discrete: { _, _, _, _ in }, axis_value120: { _, _, _, _ in }))
            keyboard.initialize(to: wl_keyboard_listener(
                keymap: { _, _, _, fd, _ in Glibc.close(fd) },
                enter: { data, _, _, surface, _ in
                    let address = Int(bitPattern: surface)
                    WaylandActivation.with(data) { $0.keyboardSurface = OpaquePointer(bitPattern: address) }
                },
                leave: { data, _, _, _ in WaylandActivation.with(data) { $0.keyboardSurface = nil } },
                key: { data, _, serial, _, _, state in
                    guard state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue else { return }
                    WaylandActivation.with(data) { $0.lastInput = (serial, $0.keyboardSurface) }
                },
                modifiers: { _, _, _, _, _, _, _ in },
                repeat_info: { _, _, _, _ in }))
            token.initialize(to: xdg_activation_token_v1_listener(
                done: { data, _, token in
                    guard let token else { return }
                    let text = String(cString: token)
                    WaylandActivation.with(data) { $0.token = text }
                }))
        }

        deinit {
            for p in [UnsafeMutableRawPointer(registry), UnsafeMutableRawPointer(seat), UnsafeMutableRawPointer(pointer),
                      UnsafeMutableRawPointer(keyboard), UnsafeMutableRawPointer(token)] {
                p.deallocate()
            }
        }
    }
}
