/// One of the four corners of the movement area where the float comes to rest.
public enum Corner: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
    case topLeft = "top_left"
    case topRight = "top_right"
    case bottomLeft = "bottom_left"
    case bottomRight = "bottom_right"

    /// The left or right column of corners.
    public enum Column: Sendable, Equatable, Hashable, CaseIterable {
        case left, right
    }

    /// The top or bottom row of corners.
    public enum Row: Sendable, Equatable, Hashable, CaseIterable {
        case top, bottom
    }

    /// The corner in the given column and row.
    public init(column: Column, row: Row) {
        switch (column, row) {
        case (.left, .top): self = .topLeft
        case (.right, .top): self = .topRight
        case (.left, .bottom): self = .bottomLeft
        case (.right, .bottom): self = .bottomRight
        }
    }

    /// The column of this corner.
    public var column: Column {
        switch self {
        case .topLeft, .bottomLeft: .left
        case .topRight, .bottomRight: .right
        }
    }

    /// The row of this corner.
    public var row: Row {
        switch self {
        case .topLeft, .topRight: .top
        case .bottomLeft, .bottomRight: .bottom
        }
    }
}
