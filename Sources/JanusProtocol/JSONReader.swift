import Rooms

/// Typed reads of one JSON object's members, each failure naming the member's path. Members the
/// reader is not asked for are ignored, as Janus adds fields between versions.
struct JSONReader {
    let members: [JSONMember]
    let path: JSONPath

    /// The longest string taken (an SDP has its own, larger limit).
    static let stringLimit = 16 << 10
    /// The longest list taken (publishers, participants, rooms, streams).
    static let listLimit = 4096

    init(_ value: JSONValue, at path: JSONPath) throws(JanusProtocolError) {
        guard case .object(let members) = value.content else { throw .wrongType(path, expected: .object) }
        self.members = members
        self.path = path
    }

    func value(_ key: String) -> JSONValue? {
        guard let member = members.last(where: { $0.key == key }), member.value.content != .null else { return nil }
        return member.value
    }

    func has(_ key: String) -> Bool { value(key) != nil }

    func string(_ key: String, limit: Int = stringLimit) throws(JanusProtocolError) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let text) = value.content else { throw .wrongType(path.appending(key), expected: .string) }
        guard text.utf8.count <= limit else { throw .tooLong(path.appending(key), limit: limit) }
        return text
    }

    func requiredString(_ key: String, limit: Int = stringLimit) throws(JanusProtocolError) -> String {
        guard let text = try string(key, limit: limit) else { throw .missingField(path.appending(key)) }
        return text
    }

    func id(_ key: String) throws(JanusProtocolError) -> JanusID? {
        guard let value = value(key) else { return nil }
        guard case .number(let text, _) = value.content else { throw .wrongType(path.appending(key), expected: .number) }
        guard let id = JanusID(text) else { throw .badNumber(path.appending(key)) }
        return id
    }

    func requiredID(_ key: String) throws(JanusProtocolError) -> JanusID {
        guard let id = try id(key) else { throw .missingField(path.appending(key)) }
        return id
    }

    func int(_ key: String) throws(JanusProtocolError) -> Int? {
        guard let value = value(key) else { return nil }
        guard case .number(let text, _) = value.content else { throw .wrongType(path.appending(key), expected: .number) }
        guard let number = Int(text), abs(number) < 1 << 40 else { throw .badNumber(path.appending(key)) }
        return number
    }

    func double(_ key: String) throws(JanusProtocolError) -> Double? {
        guard let value = value(key) else { return nil }
        guard case .number(_, let number) = value.content else { throw .wrongType(path.appending(key), expected: .number) }
        return number
    }

    func bool(_ key: String) throws(JanusProtocolError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let flag) = value.content else { throw .wrongType(path.appending(key), expected: .bool) }
        return flag
    }

    func object(_ key: String) throws(JanusProtocolError) -> JSONReader? {
        guard let value = value(key) else { return nil }
        return try JSONReader(value, at: path.appending(key))
    }

    /// Each object of the list `key` read by `read` (an absent list is empty).
    func list<T>(_ key: String, _ read: (JSONReader) throws(JanusProtocolError) -> T) throws(JanusProtocolError) -> [T] {
        guard let value = value(key) else { return [] }
        guard case .array(let elements) = value.content else { throw .wrongType(path.appending(key), expected: .array) }
        guard elements.count <= Self.listLimit else { throw .tooLong(path.appending(key), limit: Self.listLimit) }
        var result: [T] = []
        result.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            result.append(try read(JSONReader(element, at: path.appending(key).appending(index))))
        }
        return result
    }

    /// A departure: a participant's id, or "ok" for the handle itself.
    func departure(_ key: String) throws(JanusProtocolError) -> Departure? {
        guard let value = value(key) else { return nil }
        if case .string = value.content { return .me }
        guard let id = try id(key) else { return nil }
        return .participant(id)
    }
}
