/// Fills the C-style slots of a translated message: `%s` and `%d` take the next argument,
/// `%2$s` the second, `%%` is a percent sign. The slots are C's so that `xgettext` marks the
/// messages `c-format` and `msgfmt --check` proves every translation keeps them.
enum MessageFormat {
    /// Works on the template's UTF-8 bytes: the slots' characters are all ASCII, and walking
    /// the template by characters made filling a row's words most of the room list's layout.
    static func fill(_ template: String, _ args: [any CustomStringConvertible]) -> String {
        let percent = UInt8(ascii: "%"), dollar = UInt8(ascii: "$"), zero = UInt8(ascii: "0"), nine = UInt8(ascii: "9")
        // Most messages have no slot: they are handed back without copying their bytes.
        guard template.utf8.contains(percent) else { return template }
        let bytes = Array(template.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var next = 0
        var i = 0
        while i < bytes.count {
            guard bytes[i] == percent else {
                out.append(bytes[i])
                i += 1
                continue
            }
            i += 1
            if i < bytes.count, bytes[i] == percent {
                out.append(percent)
                i += 1
                continue
            }
            var index = next
            var end = i
            while end < bytes.count, (zero...nine).contains(bytes[end]) { end += 1 }
            if end > i, end < bytes.count, bytes[end] == dollar,
               let n = Int(String(decoding: bytes[i..<end], as: UTF8.self)), n > 0 {
                index = n - 1
                i = end + 1
            } else {
                next += 1
            }
            guard i < bytes.count, bytes[i] == UInt8(ascii: "s") || bytes[i] == UInt8(ascii: "d") else {
                out.append(percent)
                continue
            }
            i += 1
            if index < args.count { out += args[index].description.utf8 }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
