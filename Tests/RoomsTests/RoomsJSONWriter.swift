import Rooms

/// Writes a configuration as rooms file JSON, for round-trip tests.
enum RoomsJSONWriter {
    static func text(of config: RoomsConfig) -> String {
        let rooms = config.rooms.map { room -> String in
            var fields = [
                "\"id\": \(quote(room.id))", "\"title\": \(quote(room.title))",
                "\"kind\": \(quote(room.kind.rawValue))", "\"role\": \(quote(room.role.rawValue))", "\"pip\": \(room.pip)",
            ]
            switch room.media {
            case .live(let source):
                fields.append("\"source\": \(quote(source.text))")
            case .call(let participants):
                let list = participants.map { "{\"name\": \(quote($0.name)), \"source\": \(quote($0.source.text))}" }
                fields.append("\"participants\": [\n      \(list.joined(separator: ",\n      "))\n    ]")
            }
            return "    {" + fields.joined(separator: ", ") + "}"
        }
        return """
        {
          "rooms": [
        \(rooms.joined(separator: ",\n"))
          ],
          "settings": {"auto_pip": \(config.settings.autoPiP), "auto_exit": \(config.settings.autoExit)}
        }
        """
    }

    private static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case _ where scalar.value < 0x20: result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            case _ where scalar.value > 0xFFFF:
                let value = scalar.value - 0x10000
                result += "\\u" + String(0xD800 + (value >> 10), radix: 16) + "\\u" + String(0xDC00 + (value & 0x3FF), radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
