extension Array where Element == Display {
    /// The display a float released on `display` with its centre at `center` lands on, when the
    /// release projects its centre to `projected` (SPEC P7 on several monitors); its corner
    /// there is ``SnapTarget``'s to choose.
    ///
    /// The projected point picks the display: the first other display the path from `center`
    /// to `projected` enters, else the one nearest to `projected` (a point in a dead zone of the
    /// desktop picks the nearest display). A fling carries the float one display at a time,
    /// only from the half of `display` that faces the neighbour, and only when it heads more
    /// toward the neighbour than along the edge between them: a fling from a float's far corner
    /// toward the adjacent corner stays on its display however hard it is thrown, as on a
    /// single screen (the next fling carries it over), and the wobble of a fling along the
    /// shared edge does not carry it over.
    public func landing(releasedOn display: Display, center: Point, projected: Point) -> Display {
        let entered = filter { $0 != display }
            .compactMap { other in other.full.entry(from: center, to: projected).map { (other, $0) } }
            .min(by: { $0.1 < $1.1 })?.0
        let candidate = entered ?? owner(of: projected)
        guard candidate != display, display.faces(candidate, from: center),
              display.isHeaded(toward: candidate, by: projected - center) else { return display }
        return candidate
    }

    /// Whether the `side` edge of `display` is an outer edge of the desktop next to a float whose
    /// frame is `frame`: no part of another display lies beyond it level with any part of the
    /// float, so what a stash hides there shows on no monitor.
    public func isOuterEdge(_ side: StashSide, of display: Display, besideFrame frame: Rect) -> Bool {
        !contains { other in
            guard other != display, other.full.minY < frame.maxY, other.full.maxY > frame.minY else { return false }
            switch side {
            case .left: return other.full.minX < display.full.minX
            case .right: return other.full.maxX > display.full.maxX
            }
        }
    }
}

extension Display {
    /// Whether `glide` heads more toward `other` than along the edge it shares with this
    /// display (for a display beyond a corner, any glide that reaches it).
    func isHeaded(toward other: Display, by glide: Vector) -> Bool {
        let beside = other.full.minX >= full.maxX || other.full.maxX <= full.minX
        let stacked = other.full.minY >= full.maxY || other.full.maxY <= full.minY
        switch (beside, stacked) {
        case (true, false): return abs(glide.dx) > abs(glide.dy)
        case (false, true): return abs(glide.dy) > abs(glide.dx)
        default: return true
        }
    }

    /// Whether a float centred at `center` on this display lies in the half that faces `other`,
    /// along every axis on which `other` lies beyond this display.
    func faces(_ other: Display, from center: Point) -> Bool {
        let middle = usable.center
        if other.full.minX >= full.maxX, center.x < middle.x { return false }
        if other.full.maxX <= full.minX, center.x > middle.x { return false }
        if other.full.minY >= full.maxY, center.y < middle.y { return false }
        if other.full.maxY <= full.minY, center.y > middle.y { return false }
        return true
    }
}

extension Rect {
    /// Where the segment from `start` to `end` first enters this rectangle, as a fraction of the
    /// way (0 when `start` lies inside), or `nil` when it misses.
    public func entry(from start: Point, to end: Point) -> Double? {
        var enter = 0.0, exit = 1.0
        for (origin, delta, low, high) in [(start.x, end.x - start.x, minX, maxX), (start.y, end.y - start.y, minY, maxY)] {
            if delta == 0 {
                if origin < low || origin >= high { return nil }
                continue
            }
            let a = (low - origin) / delta, b = (high - origin) / delta
            enter = Swift.max(enter, Swift.min(a, b))
            exit = Swift.min(exit, Swift.max(a, b))
        }
        return enter < exit ? enter : nil
    }
}
