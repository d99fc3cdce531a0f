import AppCore
import CSDL
import TextLayout

/// Paints the main window's text fields (W11, W12) and remembers, per field, how far its line
/// is scrolled and where it was drawn: a pointer's text index is found on the line as painted,
/// and the input method's candidate window goes beside the caret painted last.
@MainActor
final class TextFieldView {
    /// A field as last painted: its line's left edge in window pixels, and the line itself.
    private struct Painted {
        var lineX: Int32
        var line: TextLine?
    }

    private var scroll: [Fields.Name: Int] = [:]
    private var painted: [Fields.Name: Painted] = [:]
    /// The focused field's caret as last painted, in renderer pixels.
    private(set) var caret: SDL_Rect?

    /// The inner padding between a field's border and its text, in unscaled pixels.
    private static let padding: Int32 = 10

    func draw(_ ctx: DrawContext, _ m: TextFieldModel) {
        let r = ctx.renderer, rect = SDL_Rect(m.rect)
        guard rect.w > 0 else { return }
        r.fillRounded(rect, radius: ctx.px(Theme.radius), Theme.surface)
        let border = m.isFocused ? Theme.accent : Theme.border
        r.fillRoundedRing(rect, radius: ctx.px(Theme.radius), width: max(1, ctx.px(m.isFocused ? 2 : 1)), border)
        let box = rect.inset(ctx.px(Self.padding))
        let size = Int32(TextFieldModel.style.size)
        let lineH = ctx.text.fonts.font(size).lineHeight
        let y = rect.y + (rect.h - lineH) / 2
        let textBox = SDL_Rect(box.x, y, box.w, lineH)
        let caretW = max(1, ctx.px(2))
        guard let line = ctx.text.line(m.text, size: size, color: Theme.text) else {
            drawEmpty(ctx, m, textBox, caretWidth: caretW)
            return
        }
        let lineX = place(line, m, in: textBox, caretWidth: Int(caretW))
        painted[m.name] = Painted(lineX: lineX, line: line)
        r.clipped(to: SDL_Rect(box.x - caretW, rect.y, box.w + 2 * caretW, rect.h)) {
            if m.isFocused {
                for span in line.xRanges(of: m.selection) {
                    r.fill(SDL_Rect(lineX + Int32(span.lowerBound), y, Int32(span.count), lineH), Theme.accent.withAlpha(110))
                }
            }
            ctx.text.drawLine(m.text, x: lineX, y: y, size: size, color: Theme.text)
            if let preedit = m.preedit {
                // Under the line box: a syllable's strokes reach down to its baseline and beyond.
                for span in line.xRanges(of: preedit) {
                    r.fill(SDL_Rect(lineX + Int32(span.lowerBound), y + lineH, Int32(span.count), max(1, ctx.px(1))), Theme.text)
                }
            }
            caret = m.isFocused ? SDL_Rect(lineX + Int32(line.caret(at: m.caret).strong) - caretW / 2, y, caretW, lineH) : nil
            if let caret { r.fill(caret, Theme.text) }
        }
    }

    /// An empty field: its placeholder, dimmed, at the leading side of the language, and the
    /// caret there while focused.
    private func drawEmpty(_ ctx: DrawContext, _ m: TextFieldModel, _ box: SDL_Rect, caretWidth: Int32) {
        scroll[m.name] = 0
        let lineX = ctx.isRightToLeft ? box.x + box.w : box.x
        painted[m.name] = Painted(lineX: lineX, line: nil)
        ctx.drawLeading(m.placeholder, in: box, y: box.y, size: Int32(TextFieldModel.style.size), color: Theme.textDim)
        caret = m.isFocused ? SDL_Rect(lineX - (ctx.isRightToLeft ? caretWidth : 0), box.y, caretWidth, box.h) : nil
        if let caret { ctx.renderer.fill(caret, Theme.text) }
    }

    /// Where the line's left edge goes: a line that fits sits at its paragraph's leading side;
    /// a longer one is scrolled just enough to keep the caret in view (``TextFieldScroll``).
    private func place(_ line: TextLine, _ m: TextFieldModel, in box: SDL_Rect, caretWidth: Int) -> Int32 {
        guard line.width + caretWidth > Int(box.w) else {
            scroll[m.name] = 0
            return Int32(line.alignedX(inBoxAt: Int(box.x), width: Int(box.w)))
        }
        let offset = TextFieldScroll.offset(caretX: line.caret(at: m.caret).strong, lineWidth: line.width,
                                            fieldWidth: Int(box.w), current: scroll[m.name] ?? 0, caretWidth: caretWidth)
        scroll[m.name] = offset
        return box.x - Int32(offset)
    }

    /// The text index at window pixel column `x` in a field as last painted.
    func index(_ name: Fields.Name, atX x: Int) -> Int {
        guard let field = painted[name], let line = field.line else { return 0 }
        return line.index(atX: x - Int(field.lineX))
    }
}

