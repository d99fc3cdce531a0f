/// Text from outside (a playlist's titles, an invite link's title) made fit to show.
enum DisplayText {
    /// A value's text as shown: control characters become spaces, white space at either end
    /// goes; nil when nothing is left.
    static func cleaned(_ text: String?) -> String? {
        guard let text else { return nil }
        var view = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            view.append(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) ? " " : scalar)
        }
        var trimmed = Substring(String(view))
        while trimmed.first?.isWhitespace == true { trimmed.removeFirst() }
        while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
        return trimmed.isEmpty ? nil : String(trimmed)
    }
}
