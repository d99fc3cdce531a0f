/// A face's weight, as the UI asks for it.
public enum FontWeight: Hashable, Sendable {
    case regular, bold
}
