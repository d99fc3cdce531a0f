import Session

/// Tile rectangles for the call layouts (W4).
public enum CallTiles {
    /// Rectangles by participant index for `layout`, inside `area`.
    public static func layout(_ layout: CallLayout, count: Int, active: Int, in area: PixelRect, gap: Int) -> [(Int, PixelRect)] {
        guard count > 0 else { return [] }
        let active = min(max(0, active), count - 1)
        switch layout {
        case .tile:
            return grid(Array(0..<count), in: area, gap: gap)
        case .spotlight:
            return [(active, area)]
        case .sidebar:
            let others = (0..<count).filter { $0 != active }
            guard !others.isEmpty else { return [(active, area)] }
            let stripW = max(area.w / 5, 120)
            let main = PixelRect(area.x, area.y, area.w - stripW - gap, area.h)
            let th = min((area.h - gap * (others.count - 1)) / others.count, stripW * 9 / 16)
            var out = [(active, main)]
            for (k, i) in others.enumerated() {
                out.append((i, PixelRect(area.x + area.w - stripW, area.y + k * (th + gap), stripW, th)))
            }
            return out
        }
    }

    /// Rectangles by participant index for `layout`, inside `area`, none of them over `clear`
    /// (the self view in the area's bottom trailing corner, W10): the layout of the whole area
    /// when it already keeps clear, else of the area shortened above `clear` or narrowed
    /// beside it, whichever gives the tiles more room.
    public static func layout(_ layout: CallLayout, count: Int, active: Int, in area: PixelRect, gap: Int,
                              clearOf clear: PixelRect) -> [(Int, PixelRect)] {
        let whole = self.layout(layout, count: count, active: active, in: area, gap: gap)
        guard whole.contains(where: { $0.1.overlaps(clear) }) else { return whole }
        let above = PixelRect(area.x, area.y, area.w, max(0, min(area.maxY, clear.y - gap) - area.y))
        let besideX = clear.x - area.x > area.maxX - clear.maxX ? area.x : clear.maxX + gap
        let besideW = besideX == area.x ? max(0, clear.x - gap - area.x) : max(0, area.maxX - besideX)
        let beside = PixelRect(besideX, area.y, besideW, area.h)
        let candidates = [above, beside].map { self.layout(layout, count: count, active: active, in: $0, gap: gap) }
        return candidates.max { covered($0) < covered($1) } ?? whole
    }

    /// The pixels `tiles` cover.
    private static func covered(_ tiles: [(Int, PixelRect)]) -> Int {
        tiles.reduce(0) { $0 + $1.1.w * $1.1.h }
    }

    /// The grid whose column count makes 16:9 tiles largest, rows centred.
    private static func grid(_ indices: [Int], in area: PixelRect, gap: Int) -> [(Int, PixelRect)] {
        let n = indices.count
        var best = (cols: 1, w: 0, h: 0)
        for cols in 1...n {
            let rows = (n + cols - 1) / cols
            let cw = (area.w - gap * (cols - 1)) / cols
            let ch = (area.h - gap * (rows - 1)) / rows
            let w = min(cw, ch * 16 / 9)
            if w > best.w { best = (cols, w, w * 9 / 16) }
        }
        let cols = best.cols, rows = (n + cols - 1) / cols
        let totalH = rows * best.h + (rows - 1) * gap
        var out: [(Int, PixelRect)] = []
        for (k, i) in indices.enumerated() {
            let row = k / cols, col = k % cols
            let inRow = min(cols, n - row * cols)
            let rowW = inRow * best.w + (inRow - 1) * gap
            let x = area.x + (area.w - rowW) / 2 + col * (best.w + gap)
            let y = area.y + (area.h - totalH) / 2 + row * (best.h + gap)
            out.append((i, PixelRect(x, y, best.w, best.h)))
        }
        return out
    }
}
