/// An FLV script data tag (FLV specification 10, annex E.4.4) carrying `onMetaData` with string
/// values, with the previous-tag-size field that follows every tag.
enum FLVScriptTag {
    /// The tag's bytes: header, AMF0 `"onMetaData"` and an ECMA array of `entries`, then its size.
    static func onMetaData(_ entries: [(key: String, value: String)], milliseconds: Int64) -> [UInt8] {
        var body: [UInt8] = []
        func u16(_ value: Int) { body += [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func string(_ text: String) {
            let bytes = Array(text.utf8.prefix(0xFFFF))
            u16(bytes.count)
            body += bytes
        }
        body.append(0x02)  // AMF0 string
        string("onMetaData")
        body.append(0x08)  // AMF0 ECMA array
        let count = UInt32(entries.count)
        body += [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)]
        for entry in entries {
            string(entry.key)
            body.append(0x02)
            string(entry.value)
        }
        body += [0x00, 0x00, 0x09]  // object end
        let size = body.count
        let time = UInt32(truncatingIfNeeded: max(0, milliseconds))
        var tag: [UInt8] = [0x12, UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF),
                            UInt8(time >> 16 & 0xFF), UInt8(time >> 8 & 0xFF), UInt8(time & 0xFF), UInt8(time >> 24),
                            0, 0, 0]
        tag += body
        let total = UInt32(tag.count)
        return tag + [UInt8(total >> 24), UInt8(total >> 16 & 0xFF), UInt8(total >> 8 & 0xFF), UInt8(total & 0xFF)]
    }
}
