/// The direction a language is written in, and so the direction a window's layout reads.
public enum TextDirection: Hashable, Sendable {
    case leftToRight
    case rightToLeft
}
