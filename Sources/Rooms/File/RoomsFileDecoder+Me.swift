/// The rooms file's `me` (R5): the user's name, camera and microphone in calls.
extension RoomsFileDecoder {
    /// `me`, or nil when it has a problem.
    mutating func decodeMe(_ value: JSONValue, path: JSONPath) -> Me? {
        guard let fields = object(value, path: path, allowed: ["name", "camera", "microphone"]) else { return nil }
        let name = fields["name"].map { decodeName($0.value, path: path.appending("name")) }
        let camera = fields["camera"].map { decodeDevice($0.value, path: path.appending("camera")) } ?? .automatic
        let microphone = fields["microphone"].map { decodeDevice($0.value, path: path.appending("microphone")) } ?? .automatic
        guard name.map({ $0 != nil }) ?? true, let camera, let microphone else { return nil }
        return Me(name: name ?? nil, camera: camera, microphone: microphone)
    }

    /// A name others can be shown: not blank, no control characters, short enough for a stream name.
    private mutating func decodeName(_ value: JSONValue, path: JSONPath) -> String? {
        guard let name = nonEmptyString(value, path: path) else { return nil }
        if let control = name.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            report(.nameControlCharacter(control.value), at: value.position, path: path)
            return nil
        }
        let length = ParticipantName.encode(name).count
        guard length <= ParticipantName.maximumEncodedLength else {
            report(.nameTooLong(encodedLength: length), at: value.position, path: path)
            return nil
        }
        return name
    }

    /// A device: a source, or `null` for none.
    private mutating func decodeDevice(_ value: JSONValue, path: JSONPath) -> DeviceSetting? {
        if case .null = value.content { return DeviceSetting.none }
        return decodeSource(value, path: path).map(DeviceSetting.source)
    }
}
