import AppCore
import CSDL
import Foundation

/// Vector icons drawn with lines, so they stay crisp at every size.
extension Glyph {
    /// Draws the icon in `area`; `mirrored` reflects its lines left to right (a direction arrow
    /// in a right-to-left view).
    @MainActor
    func draw(_ r: Renderer, in area: SDL_Rect, color c: Color, mirrored: Bool = false) {
        let pen = IconPen(r, in: area, color: c, mirrored: mirrored)
        func L(_ ax: Float, _ ay: Float, _ bx: Float, _ by: Float) { pen.line(ax, ay, bx, by) }
        func box(_ ax: Float, _ ay: Float, _ bx: Float, _ by: Float) { pen.box(ax, ay, bx, by) }
        switch self {
        case .pip:
            box(0.15, 0.2, 0.85, 0.8)
            pen.fill(0.5, 0.5, 0.28, 0.22)
        case .close:
            L(0.25, 0.25, 0.75, 0.75); L(0.75, 0.25, 0.25, 0.75)
        case .restore:
            box(0.15, 0.2, 0.85, 0.8)
            L(0.35, 0.65, 0.65, 0.35); L(0.45, 0.35, 0.65, 0.35); L(0.65, 0.35, 0.65, 0.55)
        case .unmuted, .muted:
            L(0.15, 0.4, 0.3, 0.4); L(0.3, 0.4, 0.5, 0.22); L(0.5, 0.22, 0.5, 0.78)
            L(0.5, 0.78, 0.3, 0.6); L(0.3, 0.6, 0.15, 0.6); L(0.15, 0.6, 0.15, 0.4)
            if self == .muted {
                L(0.62, 0.38, 0.85, 0.62); L(0.85, 0.38, 0.62, 0.62)
            } else {
                L(0.62, 0.4, 0.68, 0.5); L(0.68, 0.5, 0.62, 0.6)
                L(0.72, 0.3, 0.82, 0.5); L(0.82, 0.5, 0.72, 0.7)
            }
        case .leave:
            L(0.55, 0.2, 0.2, 0.2); L(0.2, 0.2, 0.2, 0.8); L(0.2, 0.8, 0.55, 0.8)
            L(0.4, 0.5, 0.85, 0.5); L(0.7, 0.35, 0.85, 0.5); L(0.85, 0.5, 0.7, 0.65)
        case .layout:
            box(0.15, 0.2, 0.85, 0.8); L(0.5, 0.2, 0.5, 0.8); L(0.15, 0.5, 0.85, 0.5)
        case .people: pen.people()
        case .live: pen.broadcastMark()
        case .back:
            L(0.75, 0.5, 0.25, 0.5); L(0.25, 0.5, 0.45, 0.3); L(0.25, 0.5, 0.45, 0.7)
        case .mic, .micOff:
            box(0.4, 0.15, 0.6, 0.55)
            L(0.28, 0.45, 0.28, 0.55); L(0.28, 0.55, 0.5, 0.7); L(0.5, 0.7, 0.72, 0.55); L(0.72, 0.55, 0.72, 0.45)
            L(0.5, 0.7, 0.5, 0.85); L(0.38, 0.85, 0.62, 0.85)
            if self == .micOff { L(0.2, 0.15, 0.8, 0.85) }
        case .camera, .cameraOff:
            box(0.12, 0.3, 0.62, 0.7)
            L(0.62, 0.45, 0.86, 0.32); L(0.86, 0.32, 0.86, 0.68); L(0.86, 0.68, 0.62, 0.55)
            if self == .cameraOff { L(0.15, 0.15, 0.85, 0.85) }
        case .link:
            pen.chainLink(centerX: 0.37, centerY: 0.63); pen.chainLink(centerX: 0.63, centerY: 0.37)
        case .recording:
            box(0.12, 0.22, 0.88, 0.78)
            L(0.42, 0.36, 0.42, 0.64); L(0.42, 0.36, 0.64, 0.5); L(0.64, 0.5, 0.42, 0.64)
        case .retry:
            L(0.3, 0.3, 0.7, 0.3); L(0.7, 0.3, 0.7, 0.7); L(0.7, 0.7, 0.3, 0.7)
            L(0.3, 0.7, 0.3, 0.45); L(0.2, 0.55, 0.3, 0.45); L(0.3, 0.45, 0.4, 0.55)
        }
    }
}

/// Draws an icon's lines in the unit square of an area, mirrored left to right or not.
@MainActor
private struct IconPen {
    let r: Renderer, c: Color, mirrored: Bool
    /// The square's side, its top left corner and the lines' width, in pixels.
    let s: Float, x: Float, y: Float, width: Float

    init(_ r: Renderer, in area: SDL_Rect, color c: Color, mirrored: Bool) {
        self.r = r
        self.c = c
        self.mirrored = mirrored
        s = Float(min(area.w, area.h))
        x = Float(area.x) + (Float(area.w) - s) / 2
        y = Float(area.y) + (Float(area.h) - s) / 2
        width = max(1.5, s / 12)
    }

    func line(_ ax: Float, _ ay: Float, _ bx: Float, _ by: Float) {
        let (ax, bx) = mirrored ? (1 - ax, 1 - bx) : (ax, bx)
        r.line(x + ax * s, y + ay * s, x + bx * s, y + by * s, width: width, c)
    }

    func box(_ ax: Float, _ ay: Float, _ bx: Float, _ by: Float) {
        line(ax, ay, bx, ay); line(bx, ay, bx, by); line(bx, by, ax, by); line(ax, by, ax, ay)
    }

    func fill(_ ax: Float, _ ay: Float, _ w: Float, _ h: Float) {
        r.fill(SDL_Rect(Int32(x + ax * s), Int32(y + ay * s), Int32(w * s), Int32(h * s)), c)
    }

    /// One link of a chain: a capsule tilted 45° (rising to the right) around a centre in the
    /// unit square, drawn as its two half circles joined by its straight sides.
    func chainLink(centerX: Float, centerY: Float) {
        let half: Float = 0.13, radius: Float = 0.11, steps = 6
        let theta = -Float.pi / 4
        var points: [(Float, Float)] = []
        for (end, start) in [(Float(1), theta - Float.pi / 2), (-1, theta + Float.pi / 2)] {
            let ex = centerX + end * half * cos(theta), ey = centerY + end * half * sin(theta)
            for k in 0...steps {
                let angle = start + Float(k) / Float(steps) * Float.pi
                points.append((ex + radius * cos(angle), ey + radius * sin(angle)))
            }
        }
        for (a, b) in zip(points, points.dropFirst() + [points[0]]) { line(a.0, a.1, b.0, b.1) }
    }

    /// Two people, the second behind the first.
    func people() {
        r.fillCircle(cx: Int32(x + 0.38 * s), cy: Int32(y + 0.35 * s), radius: Int32(0.12 * s), c)
        r.fillRounded(SDL_Rect(Int32(x + 0.18 * s), Int32(y + 0.52 * s), Int32(0.4 * s), Int32(0.28 * s)), radius: Int32(0.1 * s), c)
        r.fillCircle(cx: Int32(x + 0.68 * s), cy: Int32(y + 0.4 * s), radius: Int32(0.09 * s), c.withAlpha(180))
        r.fillRounded(SDL_Rect(Int32(x + 0.55 * s), Int32(y + 0.55 * s), Int32(0.3 * s), Int32(0.22 * s)), radius: Int32(0.08 * s), c.withAlpha(180))
    }

    /// A broadcast mark: a dot with an arc on each side.
    func broadcastMark() {
        r.fillCircle(cx: Int32(x + 0.5 * s), cy: Int32(y + 0.5 * s), radius: Int32(0.1 * s), c)
        for (radius, side) in [(Float(0.24), Float(1)), (0.24, -1), (0.38, 1), (0.38, -1)] {
            let steps = 6
            for k in 0..<steps {
                let a0 = -Float.pi / 4 + Float(k) / Float(steps) * Float.pi / 2
                let a1 = -Float.pi / 4 + Float(k + 1) / Float(steps) * Float.pi / 2
                line(0.5 + side * radius * cos(a0), 0.5 + radius * sin(a0), 0.5 + side * radius * cos(a1), 0.5 + radius * sin(a1))
            }
        }
    }
}
