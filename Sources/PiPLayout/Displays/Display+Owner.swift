extension Array where Element == Display {
    /// The display a point belongs to: the first whose full bounds contain it, else the nearest one.
    ///
    /// An empty list answers ``Display/fallback``.
    public func owner(of point: Point) -> Display {
        if let under = first(where: { $0.full.contains(point) }) {
            return under
        }
        return self.min(by: { $0.full.distance(to: point) < $1.full.distance(to: point) }) ?? .fallback
    }

}
