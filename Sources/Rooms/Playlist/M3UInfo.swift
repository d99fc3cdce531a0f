/// What an `#EXTINF` line says about the entry after it: its title and attributes.
struct M3UInfo {
    /// The text after the first comma outside quotes; nil when there is no comma.
    var title: String?
    /// The attributes by lowercased name, the first of a name kept.
    var attributes: [String: String] = [:]

    /// Reads the UTF-8 text after `#EXTINF:`: an optional duration (`-1`, `10.5`), attributes
    /// (`name="value"`, `name='value'` or `name=value`, in any order), then `,Title`. A quote
    /// left open takes the rest of the line as its value (and there is no title). Every
    /// delimiter is ASCII, so the bytes are read as they are.
    init(_ bytes: ArraySlice<UInt8>) {
        let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), comma = UInt8(ascii: ","), equals = UInt8(ascii: "=")
        let doubleQuote = UInt8(ascii: "\""), singleQuote = UInt8(ascii: "'")
        var index = bytes.startIndex
        let end = bytes.endIndex
        func isWordEnd(_ byte: UInt8) -> Bool { byte == space || byte == tab || byte == comma }
        func skipSpaces() { while index < end, bytes[index] == space || bytes[index] == tab { index += 1 } }
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

        skipSpaces()
        var wordEnd = index
        while wordEnd < end, !isWordEnd(bytes[wordEnd]) { wordEnd += 1 }
        if !bytes[index..<wordEnd].contains(where: { $0 == equals || $0 == doubleQuote || $0 == singleQuote }) { index = wordEnd }

        while true {
            skipSpaces()
            guard index < end else { return }
            if bytes[index] == comma {
                title = text((index + 1)..<end)
                return
            }
            let keyStart = index
            while index < end, bytes[index] != equals, !isWordEnd(bytes[index]) { index += 1 }
            let keyEnd = index
            guard index < end, bytes[index] == equals else { continue }
            index += 1
            let value: String
            if index < end, bytes[index] == doubleQuote || bytes[index] == singleQuote {
                let quote = bytes[index]
                index += 1
                let valueStart = index
                while index < end, bytes[index] != quote { index += 1 }
                value = text(valueStart..<index)
                if index < end { index += 1 }
            } else {
                let valueStart = index
                while index < end, !isWordEnd(bytes[index]) { index += 1 }
                value = text(valueStart..<index)
            }
            let key = text(keyStart..<keyEnd).lowercased()
            if !key.isEmpty, attributes[key] == nil { attributes[key] = value }
        }
    }
}
