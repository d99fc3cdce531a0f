import CSDL

/// Text and parts placed for the language's direction (X5). The view models' rectangles are
/// already mirrored by AppCore; these place what a painter lays out inside one of them.
@MainActor
extension DrawContext {
    /// Whether the view reads right to left.
    var isRightToLeft: Bool { direction == .rightToLeft }

    /// A part given left to right inside `container`, reflected across it in a right-to-left view.
    func place(_ r: SDL_Rect, in container: SDL_Rect) -> SDL_Rect {
        guard isRightToLeft else { return r }
        return SDL_Rect(container.x + container.x + container.w - r.x - r.w, r.y, r.w, r.h)
    }

    /// Draws `text` at the leading side of `box` (its left, or its right for a right-to-left
    /// paragraph, and for one with no strong character in a right-to-left view), its top at
    /// `y`, shortened with an ellipsis to the box's width; returns where it went.
    @discardableResult
    func drawLeading(_ text: String, in box: SDL_Rect, y: Int32, size: Int32, bold: Bool = false,
                     color: Color) -> SDL_Rect {
        self.text.drawAligned(text, in: box, y: y, size: size, bold: bold, color: color, trailing: false)
    }

    /// Draws `text` at the trailing side of `box` (the other side).
    @discardableResult
    func drawTrailing(_ text: String, in box: SDL_Rect, y: Int32, size: Int32, bold: Bool = false,
                      color: Color) -> SDL_Rect {
        self.text.drawAligned(text, in: box, y: y, size: size, bold: bold, color: color, trailing: true)
    }
}
