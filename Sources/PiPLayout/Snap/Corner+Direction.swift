/// An arrow key direction.
public enum Direction: Sendable, Equatable, Hashable, CaseIterable {
    case up, down, left, right
}

extension Corner {
    /// The adjacent corner in `direction`, or this corner when it already lies on that side.
    public func moved(_ direction: Direction) -> Corner {
        switch direction {
        case .up: Corner(column: column, row: .top)
        case .down: Corner(column: column, row: .bottom)
        case .left: Corner(column: .left, row: row)
        case .right: Corner(column: .right, row: row)
        }
    }
}
