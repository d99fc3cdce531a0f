import CSDL
import Foundation

/// Shapes beyond SDL's rectangles: anti-aliased rounded rectangles, circles and icons.
@MainActor
extension Renderer {
    /// Fills a rounded rectangle with anti-aliased corners: the body as three rectangles that
    /// do not overlap, which SDL fills fast even in software, and the four corners copied from
    /// a disc texture (``DiscTextures``).
    func fillRounded(_ r: SDL_Rect, radius: Int32, _ c: Color) {
        let radius = min(radius, r.w / 2, r.h / 2)
        guard radius >= 1 else { fill(r, c); return }
        fill(SDL_Rect(r.x + radius, r.y, r.w - 2 * radius, radius), c)
        fill(SDL_Rect(r.x, r.y + radius, r.w, r.h - 2 * radius), c)
        fill(SDL_Rect(r.x + radius, r.y + r.h - radius, r.w - 2 * radius, radius), c)
        for corner in DiscTextures.Corner.allCases {
            fillCorner(corner, of: r, radius: radius, part: SDL_Rect(0, 0, radius, radius), c)
        }
    }

    /// Fills the ring between a rounded rectangle and the rectangle `width` inside it: the
    /// rounded background of a tile whose picture covers all of it but that ring. Filling the
    /// whole background under the picture cost the software renderer as much again as the
    /// picture (11% of a 16-person call's CPU).
    func fillRoundedRing(_ r: SDL_Rect, radius: Int32, width t: Int32, _ c: Color) {
        let radius = min(radius, r.w / 2, r.h / 2)
        guard radius >= 1, t >= 1, 2 * t < min(r.w, r.h) else { fillRounded(r, radius: radius, c); return }
        let edge = max(radius, t)
        fill(SDL_Rect(r.x + radius, r.y, r.w - 2 * radius, t), c)
        fill(SDL_Rect(r.x + radius, r.y + r.h - t, r.w - 2 * radius, t), c)
        fill(SDL_Rect(r.x, r.y + edge, t, r.h - 2 * edge), c)
        fill(SDL_Rect(r.x + r.w - t, r.y + edge, t, r.h - 2 * edge), c)
        if t > radius {
            // The ring is wider than the corners are round: its sides fill the rest of the corners.
            fill(SDL_Rect(r.x, r.y + radius, t, t - radius), c)
            fill(SDL_Rect(r.x + r.w - t, r.y + radius, t, t - radius), c)
            fill(SDL_Rect(r.x, r.y + r.h - t, t, t - radius), c)
            fill(SDL_Rect(r.x + r.w - t, r.y + r.h - t, t, t - radius), c)
        }
        let band = min(t, radius)
        for corner in DiscTextures.Corner.allCases {
            // In the corner's own square: the strip along its horizontal outer edge, then the
            // rest of the strip along its vertical outer edge.
            let y = corner.isBottom ? radius - band : 0, x = corner.isRight ? radius - band : 0
            fillCorner(corner, of: r, radius: radius, part: SDL_Rect(0, y, radius, band), c)
            if band < radius {
                fillCorner(corner, of: r, radius: radius,
                           part: SDL_Rect(x, corner.isBottom ? 0 : band, band, radius - band), c)
            }
        }
    }

    /// Fills `part` of the rounded `corner` of `r` (in the corner square's coordinates).
    private func fillCorner(_ corner: DiscTextures.Corner, of r: SDL_Rect, radius: Int32, part: SDL_Rect, _ c: Color) {
        let origin = (x: corner.isRight ? r.x + r.w - radius : r.x, y: corner.isBottom ? r.y + r.h - radius : r.y)
        if !discs.copy(corner: corner, radius: radius, part: part, at: origin, c) {
            fill(SDL_Rect(origin.x + part.x, origin.y + part.y, part.w, part.h), c)
        }
    }

    /// Fills an anti-aliased circle.
    func fillCircle(cx: Int32, cy: Int32, radius: Int32, _ c: Color) {
        fillRounded(SDL_Rect(cx - radius, cy - radius, radius * 2, radius * 2), radius: radius, c)
    }

    /// Draws a thick line as a filled quad.
    func line(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, width: Float, _ c: Color) {
        let dx = x1 - x0, dy = y1 - y0
        let len = max(0.001, (dx * dx + dy * dy).squareRoot())
        let nx = -dy / len * width / 2, ny = dx / len * width / 2
        let col = SDL_Color(r: c.r, g: c.g, b: c.b, a: c.a)
        let z = SDL_FPoint(x: 0, y: 0)
        let v = [
            SDL_Vertex(position: SDL_FPoint(x: x0 + nx, y: y0 + ny), color: col, tex_coord: z),
            SDL_Vertex(position: SDL_FPoint(x: x1 + nx, y: y1 + ny), color: col, tex_coord: z),
            SDL_Vertex(position: SDL_FPoint(x: x1 - nx, y: y1 - ny), color: col, tex_coord: z),
            SDL_Vertex(position: SDL_FPoint(x: x0 - nx, y: y0 - ny), color: col, tex_coord: z),
        ]
        let idx: [Int32] = [0, 1, 2, 0, 2, 3]
        drawTriangles(v, indices: idx)
    }

    /// A spinner arc whose phase follows `t` seconds.
    func spinner(cx: Int32, cy: Int32, radius: Int32, t: Double, _ c: Color) {
        let segments = 12
        for i in 0..<segments {
            let a = Float(Double(i) / Double(segments) * 2 * Double.pi)
            let phase = (Double(i) / Double(segments) - t).truncatingRemainder(dividingBy: 1)
            let alpha = UInt8(max(40, min(255, (phase < 0 ? phase + 1 : phase) * 255)))
            let r0 = Float(radius) * 0.55, r1 = Float(radius)
            line(Float(cx) + cos(a) * r0, Float(cy) + sin(a) * r0,
                 Float(cx) + cos(a) * r1, Float(cy) + sin(a) * r1, width: max(2, Float(radius) / 6), c.withAlpha(alpha))
        }
    }
}
