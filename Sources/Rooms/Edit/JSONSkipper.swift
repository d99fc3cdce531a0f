/// Finds where a value of a JSON text the parser accepted ends, and maps the parser's line and
/// column positions to byte offsets: what an edit of the text needs that the parsed values do
/// not keep.
enum JSONSkipper {
    /// The offset just past the value that starts at `start` (a string, an array or object with
    /// everything in it, or a number or literal).
    static func end(ofValueAt start: Int, in bytes: [UInt8]) -> Int {
        switch bytes[start] {
        case UInt8(ascii: "\""): return endOfString(at: start, in: bytes)
        case UInt8(ascii: "["), UInt8(ascii: "{"): return endOfContainer(at: start, in: bytes)
        default:
            let delimiters: [UInt8] = Array(",]} \n\r\t".utf8)
            return bytes[start...].firstIndex(where: delimiters.contains) ?? bytes.count
        }
    }

    /// The offset just past the array or object whose opening bracket is at `start`.
    private static func endOfContainer(at start: Int, in bytes: [UInt8]) -> Int {
        var index = start
        var depth = 0
        repeat {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index = endOfString(at: index, in: bytes)
                continue
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
            index += 1
        } while depth > 0 && index < bytes.count
        return index
    }

    /// The offset just past the string whose opening quote is at `start`.
    private static func endOfString(at start: Int, in bytes: [UInt8]) -> Int {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return index
    }
}

/// The byte offsets of a text's lines, to find the byte a parser position (1-based line, column
/// in Unicode scalars) names.
struct LineOffsets {
    private let bytes: [UInt8]
    private var starts: [Int] = []

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // The parser counts columns on the first line after a byte order mark.
        starts.append(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
    }

    /// The offset of the byte at `position`.
    func offset(of position: TextPosition) -> Int {
        var offset = starts[position.line - 1]
        var column = 1
        while column < position.column {
            offset += 1
            while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            column += 1
        }
        return offset
    }

    /// The spaces and tabs that start the line holding the byte at `offset`.
    func indent(ofLineAt offset: Int) -> String {
        let start = starts.last(where: { $0 <= offset }) ?? 0
        let indent = bytes[start...].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        return String(decoding: indent, as: UTF8.self)
    }
}
