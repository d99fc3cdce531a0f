/// The display edge a stashed float hides behind, leaving a strip visible.
public enum StashSide: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
    case left, right

    /// The column of corners on this side.
    public var column: Corner.Column {
        switch self {
        case .left: .left
        case .right: .right
        }
    }
}
