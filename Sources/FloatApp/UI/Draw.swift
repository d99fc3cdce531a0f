import CSDL
import Foundation

/// Shapes beyond SDL's rectangles: anti-aliased rounded rectangles, circles and icons.
@MainActor
extension Renderer {
    /// Fills a rounded rectangle with anti-aliased corners: the body as three rectangles that
    /// do not overlap, which SDL fills fast even in software, and only the four corners as
    /// triangle fans with a blended edge. Rasterizing the whole shape as triangles made the
    /// rounded backgrounds of a 16-tile call two thirds of the main thread's time with the
    /// software renderer.
    func fillRounded(_ r: SDL_Rect, radius: Int32, _ c: Color) {
        let radius = min(radius, r.w / 2, r.h / 2)
        guard radius >= 1 else { fill(r, c); return }
        fill(SDL_Rect(r.x + radius, r.y, r.w - 2 * radius, radius), c)
        fill(SDL_Rect(r.x, r.y + radius, r.w, r.h - 2 * radius), c)
        fill(SDL_Rect(r.x + radius, r.y + r.h - radius, r.w - 2 * radius, radius), c)

        let rad = Float(radius)
        let col = SDL_Color(r: c.r, g: c.g, b: c.b, a: c.a)
        let clear = SDL_Color(r: c.r, g: c.g, b: c.b, a: 0)
        let origin = SDL_FPoint(x: 0, y: 0)
        let x0 = Float(r.x), y0 = Float(r.y), x1 = Float(r.x + r.w), y1 = Float(r.y + r.h)
        let corners: [(Float, Float, Float)] = [
            (x1 - rad, y0 + rad, -Float.pi / 2), (x1 - rad, y1 - rad, 0),
            (x0 + rad, y1 - rad, Float.pi / 2), (x0 + rad, y0 + rad, Float.pi),
        ]
        let steps = max(4, Int(rad / 2))
        var verts: [SDL_Vertex] = []
        var indices: [Int32] = []
        verts.reserveCapacity(4 * (2 * steps + 3))
        indices.reserveCapacity(4 * 9 * steps)
        for (cx, cy, start) in corners {
            let centre = Int32(verts.count)
            verts.append(SDL_Vertex(position: SDL_FPoint(x: cx, y: cy), color: col, tex_coord: origin))
            for s in 0...steps {
                let a = start + Float(s) / Float(steps) * Float.pi / 2
                let ca = cos(a), sa = sin(a)
                verts.append(SDL_Vertex(position: SDL_FPoint(x: cx + ca * (rad - 0.5), y: cy + sa * (rad - 0.5)),
                                        color: col, tex_coord: origin))
                verts.append(SDL_Vertex(position: SDL_FPoint(x: cx + ca * (rad + 0.5), y: cy + sa * (rad + 0.5)),
                                        color: clear, tex_coord: origin))
            }
            for s in 0..<Int32(steps) {
                let inner = centre + 1 + 2 * s, outer = inner + 1, inner2 = inner + 2, outer2 = inner + 3
                indices += [centre, inner, inner2, inner, outer, inner2, inner2, outer, outer2]
            }
        }
        drawTriangles(verts, indices: indices)
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
