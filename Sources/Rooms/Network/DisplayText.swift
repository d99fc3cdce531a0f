/// Text from outside (a playlist's titles, an invite link's title) made fit to show.
public enum DisplayText {
    /// A value's text as shown: control characters become spaces, white space at either end
    /// goes; nil when nothing is left.
    public static func cleaned(_ text: String?) -> String? {
        guard let text else { return nil }
        if let first = text.utf8.first, let last = text.utf8.last, isPlainVisible(first), isPlainVisible(last),
           firstControl(in: text) == nil {
            return text
        }
        var view = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            view.append(isControl(scalar) ? " " : scalar)
        }
        var trimmed = Substring(String(view))
        while trimmed.first?.isWhitespace == true { trimmed.removeFirst() }
        while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
        return trimmed.isEmpty ? nil : String(trimmed)
    }

    /// True for the C0 controls, DEL and the C1 controls.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// The first control character of `text` and how many scalars come before it, found in
    /// its UTF-8 (a C1 control is `C2 80` to `C2 9F`).
    static func firstControl(in text: String) -> (offset: Int, code: UInt32)? {
        var offset = 0
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x7F { return (offset, UInt32(byte)) }
            if previous == 0xC2, (0x80...0x9F).contains(byte) { return (offset - 1, UInt32(byte)) }
            if byte & 0xC0 != 0x80 { offset += 1 }
            previous = byte
        }
        return nil
    }

    /// An ASCII byte that is neither white space nor a control.
    private static func isPlainVisible(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F
    }
}
