import Rooms

/// Reads what Janus sends: one message, or (a long poll's answer) a list of them. Sizes are
/// bounded, types checked, unknown fields ignored; anything else is a `JanusProtocolError`.
public enum JanusDecoder {
    /// The longest text taken: a long poll brings up to ten events, each an SDP at most.
    public static let textLimit = 4 << 20
    /// The longest SDP taken.
    public static let sdpLimit = 256 << 10

    /// The messages in `bytes`: one object, or an array of objects.
    public static func messages(_ bytes: [UInt8]) throws(JanusProtocolError) -> [JanusMessage] {
        let root = try parse(bytes)
        guard case .array(let elements) = root.content else { return [try message(root, at: .root)] }
        guard elements.count <= JSONReader.listLimit else { throw .tooLong(.root, limit: JSONReader.listLimit) }
        var messages: [JanusMessage] = []
        for (index, element) in elements.enumerated() {
            messages.append(try message(element, at: JSONPath.root.appending(index)))
        }
        return messages
    }

    /// The one message in `bytes`.
    public static func message(_ bytes: [UInt8]) throws(JanusProtocolError) -> JanusMessage {
        try message(parse(bytes), at: .root)
    }

    private static func parse(_ bytes: [UInt8]) throws(JanusProtocolError) -> JSONValue {
        guard bytes.count <= textLimit else { throw .tooLarge(bytes: bytes.count, limit: textLimit) }
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw .syntax(error)
        }
    }

    static func message(_ value: JSONValue, at path: JSONPath) throws(JanusProtocolError) -> JanusMessage {
        let reader = try JSONReader(value, at: path)
        let verb = try reader.requiredString("janus", limit: 64)
        return JanusMessage(transaction: try reader.string("transaction", limit: 256),
                            session: try reader.id("session_id"), sender: try reader.id("sender"),
                            kind: try kind(verb, reader))
    }

    private static func kind(_ verb: String, _ reader: JSONReader) throws(JanusProtocolError) -> JanusMessage.Kind {
        switch verb {
        case "success":
            return .success(id: try reader.object("data")?.id("id"), plugin: try plugin(reader))
        case "ack": return .ack
        case "error":
            let error = try reader.object("error")
            return .error(code: try error?.int("code") ?? 0, reason: try error?.string("reason") ?? "")
        case "event": return .event(plugin: try plugin(reader), jsep: try jsep(reader))
        case "webrtcup": return .webrtcUp
        case "media":
            return .media(type: try reader.string("type", limit: 64) ?? "", mid: try reader.string("mid", limit: 64),
                          receiving: try reader.bool("receiving") ?? false)
        case "hangup": return .hangup(reason: try reader.string("reason") ?? "")
        case "slowlink":
            return .slowLink(uplink: try reader.bool("uplink") ?? false, lost: try reader.int("lost") ?? 0)
        case "trickle": return .trickle(try candidate(reader))
        case "detached": return .detached
        case "timeout": return .timeout
        case "keepalive": return .keepalive
        default: return .other(verb)
        }
    }

    private static func jsep(_ reader: JSONReader) throws(JanusProtocolError) -> Jsep? {
        guard let jsep = try reader.object("jsep") else { return nil }
        let type = try jsep.requiredString("type", limit: 16)
        guard let kind = Jsep.Kind(rawValue: type) else { throw .badJsepType(type) }
        return Jsep(type: kind, sdp: try jsep.requiredString("sdp", limit: sdpLimit))
    }

    private static func candidate(_ reader: JSONReader) throws(JanusProtocolError) -> TrickleCandidate {
        guard let candidate = try reader.object("candidate") else { throw .missingField(reader.path.appending("candidate")) }
        if try candidate.bool("completed") == true { return .completed }
        return .candidate(sdpMid: try candidate.string("sdpMid", limit: 64) ?? "",
                          sdpMLineIndex: try candidate.int("sdpMLineIndex") ?? 0,
                          candidate: try candidate.requiredString("candidate", limit: 1024))
    }

    private static func plugin(_ reader: JSONReader) throws(JanusProtocolError) -> VideoRoomMessage? {
        guard let plugindata = try reader.object("plugindata"), let data = try plugindata.object("data") else { return nil }
        return try VideoRoomDecoder.message(data)
    }
}
