/// What an `#EXTINF` line says about the entry after it: its title and attributes.
struct M3UInfo {
    /// The text after the first comma outside quotes, trimmed; nil when there is no comma.
    var title: String?
    /// The attributes by lowercased name, the first of a name kept.
    var attributes: [String: String] = [:]

    /// Reads the text after `#EXTINF:`: an optional duration (`-1`, `10.5`), attributes
    /// (`name="value"`, `name='value'` or `name=value`, in any order), then `,Title`. A quote
    /// left open takes the rest of the line as its value (and there is no title).
    init(_ text: Substring) {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }
        func skipSpaces() { while index < scalars.count, isSpace(scalars[index]) { index += 1 } }
        func isWordEnd(_ scalar: Unicode.Scalar) -> Bool { isSpace(scalar) || scalar == "," }

        skipSpaces()
        var end = index
        while end < scalars.count, !isWordEnd(scalars[end]) { end += 1 }
        if !scalars[index..<end].contains(where: { $0 == "=" || $0 == "\"" || $0 == "'" }) { index = end }

        while true {
            skipSpaces()
            guard index < scalars.count else { return }
            if scalars[index] == "," {
                title = Self.string(scalars[(index + 1)...])
                return
            }
            let keyStart = index
            while index < scalars.count, scalars[index] != "=", !isWordEnd(scalars[index]) { index += 1 }
            let key = Self.string(scalars[keyStart..<index]).lowercased()
            guard index < scalars.count, scalars[index] == "=" else { continue }
            index += 1
            let value: String
            if index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" {
                let quote = scalars[index]
                index += 1
                let valueStart = index
                while index < scalars.count, scalars[index] != quote { index += 1 }
                value = Self.string(scalars[valueStart..<index])
                if index < scalars.count { index += 1 }
            } else {
                let valueStart = index
                while index < scalars.count, !isWordEnd(scalars[index]) { index += 1 }
                value = Self.string(scalars[valueStart..<index])
            }
            if !key.isEmpty, attributes[key] == nil { attributes[key] = value }
        }
    }

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }
}
