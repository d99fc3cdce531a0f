/// Finds the first byte that breaks UTF-8, so a parse error can point at it.
enum UTF8Validation {
    /// The offset where the first invalid UTF-8 sequence starts, or nil if all bytes are valid.
    static func firstInvalidOffset(in bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length: Int
            var lowest: UInt8 = 0x80
            var highest: UInt8 = 0xBF
            switch lead {
            case 0x00...0x7F:
                index += 1
                continue
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lowest = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; highest = 0x9F
            case 0xF0: length = 4; lowest = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; highest = 0x8F
            default: return index
            }
            for offset in 1..<length {
                let position = index + offset
                guard position < bytes.count else { return index }
                let range = offset == 1 ? lowest...highest : 0x80...0xBF
                guard range.contains(bytes[position]) else { return index }
            }
            index += length
        }
        return nil
    }

    /// The line and column of a byte offset, counting columns in Unicode scalars.
    static func position(ofOffset offset: Int, in bytes: [UInt8]) -> TextPosition {
        var line = 1
        var column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return TextPosition(line: line, column: column)
    }
}
