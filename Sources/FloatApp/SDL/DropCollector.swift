import CSDL

/// Gathers one drop's items: SDL sends a drop as `SDL_DROPBEGIN`, an `SDL_DROPFILE` (a path
/// SDL decoded from a `file:` URI) or `SDL_DROPTEXT` (a line of `text/plain`) per item, then
/// `SDL_DROPCOMPLETE`; the items come out together at the end, in order.
///
/// SDL 2.26 on X11 leaves out the URIs of a `text/uri-list` that are not `file:` ones, which is
/// how a browser drops a link; the X server's `SelectionNotify` that brings the list (passed on
/// as `SDL_SYSWMEVENT` before SDL reads it) leaves the list on the window's property, so those
/// URIs are read from there and come out after the files.
struct DropCollector {
    /// The most items kept from one drop, and the longest in bytes: far above the core's own
    /// limits, so that it can say what it left out.
    static let maximumItems = 1_024
    static let maximumItemBytes = 65_536
    /// The most bytes of a `text/uri-list` read for its other URIs.
    static let maximumListBytes = 1 << 20

    private var items: [String] = []
    /// The URIs other than `file:` ones of the list the drop under way brought.
    private var otherURIs: [String] = []

    /// The items of a drop when `event` completes it; nil for its other events. `SDL_DROPFILE`
    /// and `SDL_DROPTEXT` strings are SDL's to free, and freed here.
    mutating func take(_ event: SDL_DropEvent) -> [String]? {
        switch SDL_EventType(event.type) {
        case SDL_DROPBEGIN:
            items = []
            return nil
        case SDL_DROPFILE, SDL_DROPTEXT:
            guard let text = event.file else { return nil }
            defer { SDL_free(text) }
            let length = strnlen(text, Self.maximumItemBytes + 1)
            // SDL 2.26 makes a list's comment line (`# ...`) an empty file name: nothing was dropped.
            if length > 0, items.count < Self.maximumItems {
                // An over-long item goes on cut, so that the core refuses it in words.
                items.append(String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self))
            }
            return nil
        case SDL_DROPCOMPLETE:
            defer {
                items = []
                otherURIs = []
            }
            return items + otherURIs.prefix(max(0, Self.maximumItems - items.count))
        default:
            return nil
        }
    }

    /// Notes the URIs other than `file:` ones of a dropped `text/uri-list`, when `message` is the
    /// X server's answer that brings one.
    mutating func note(_ message: UnsafeMutablePointer<SDL_SysWMmsg>?) {
        guard let message, message.pointee.subsystem == SDL_SYSWM_X11 else { return }
        let x = message.pointee.msg.x11.event
        guard x.type == SelectionNotify, let display = x.xselection.display, x.xselection.property != 0,
              x.xselection.selection == XInternAtom(display, "XdndSelection", 1),
              x.xselection.target == XInternAtom(display, "text/uri-list", 1) else { return }
        let lines = Self.property(x.xselection.property, of: x.xselection.requestor, on: display)
            .split(whereSeparator: \.isNewline)
        otherURIs = lines.filter { !$0.hasPrefix("#") && !$0.lowercased().hasPrefix("file:") }
            .prefix(Self.maximumItems).map { String($0.prefix(Self.maximumItemBytes)) }
    }

    /// The text of an 8-bit window property, at most ``maximumListBytes``; empty when it is none.
    private static func property(_ property: Atom, of window: CSDL.Window, on display: OpaquePointer) -> String {
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, left: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, window, property, 0, maximumListBytes / 4, 0, 0, &type, &format, &count, &left,
                                 &data) == Success, let data else { return "" }
        defer { XFree(data) }
        guard format == 8 else { return "" }
        return String(decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self)
    }
}
