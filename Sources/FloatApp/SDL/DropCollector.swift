import CSDL

/// Gathers one drop's items: SDL sends a drop as `SDL_DROPBEGIN`, an `SDL_DROPFILE` (a path
/// SDL decoded from a `file:` URI) or `SDL_DROPTEXT` (a line of `text/plain`) per item, then
/// `SDL_DROPCOMPLETE`; the items come out together at the end, in order. SDL 2.26 on X11 leaves
/// out the URIs of a `text/uri-list` that are not `file:` ones (a browser's dragged link comes
/// through only when it offers `text/plain` instead).
struct DropCollector {
    /// The most items kept from one drop, and the longest in bytes: far above the core's own
    /// limits, so that it can say what it left out.
    static let maximumItems = 1_024
    static let maximumItemBytes = 65_536

    private var items: [String] = []

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
            if items.count < Self.maximumItems {
                // An over-long item goes on cut, so that the core refuses it in words.
                items.append(String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self))
            }
            return nil
        case SDL_DROPCOMPLETE:
            defer { items = [] }
            return items
        default:
            return nil
        }
    }
}
