/// Percent-decoding (RFC 3986 §2.1), for invite links' fields and `file:` URLs in playlists.
enum PercentEncoding {
    /// The bytes `text` encodes, `%XX` decoded once and every other character as its UTF-8; nil
    /// when a `%` is not followed by two hex digits.
    static func decoded(_ text: Substring) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var utf8 = text.utf8.makeIterator()
        while let byte = utf8.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = utf8.next().flatMap(hexValue), let low = utf8.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    /// The text `text` encodes, or nil when its encoding is broken or the bytes are not UTF-8.
    static func decodedText(_ text: Substring) -> String? {
        guard let bytes = decoded(text), UTF8Validation.firstInvalidOffset(in: bytes) == nil else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
