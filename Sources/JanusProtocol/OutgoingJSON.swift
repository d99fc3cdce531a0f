import Rooms

/// The little JSON the requests are made of, written without Foundation.
enum OutgoingJSON {
    case string(String)
    case id(JanusID)
    case int(Int)
    case bool(Bool)
    case array([OutgoingJSON])
    case object([(String, OutgoingJSON)])

    /// The value as compact JSON text.
    var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .string(let value): Self.writeString(value, to: &out)
        case .id(let value): out += String(value)
        case .int(let value): out += String(value)
        case .bool(let value): out += value ? "true" : "false"
        case .array(let elements):
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                element.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += "," }
                Self.writeString(key, to: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    private static func writeString(_ value: String, to out: inout String) {
        out += JSONString.quoted(value)
    }
}
