/// JSON's string syntax, written once for every file and message FloatApp writes as JSON (the
/// rooms file's edits, the stats log, Janus's requests): quotes, backslashes and control
/// characters escaped, everything else kept as it is (JSON text is UTF-8).
public enum JSONString {
    /// `text` as a JSON string literal, quotes included.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
