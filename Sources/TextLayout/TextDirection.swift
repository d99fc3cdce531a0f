/// The direction a paragraph reads in, decided by its first strong character (the Unicode
/// bidi algorithm's rules P2 and P3), as GTK decides it for a label; a paragraph with no
/// strong character (digits, punctuation) takes the UI's direction.
public enum TextDirection: Hashable, Sendable {
    case leftToRight, rightToLeft
}
