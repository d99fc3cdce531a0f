/// Turns a parsed rooms file into a ``RoomsConfig``, collecting every problem on the way.
struct RoomsFileDecoder {
    let fileName: String
    private(set) var problems: [RoomsFileProblem] = []
    private(set) var firstIndexOfID: [String: Int] = [:]
    /// The servers that decoded without problems, by id.
    var serversByID: [String: LiveServer] = [:]
    /// The index of the first server entry with each valid id, whether or not the entry has
    /// other problems (a room naming a broken server gets no second message for it).
    var firstIndexOfServerID: [String: Int] = [:]

    init(fileName: String) {
        self.fileName = fileName
    }

    /// The problems in file order.
    var sortedProblems: [RoomsFileProblem] {
        problems.enumerated().sorted { left, right in
            let (a, b) = (left.element.position, right.element.position)
            switch (a, b) {
            case let (a?, b?) where a != b: return (a.line, a.column) < (b.line, b.column)
            default: return left.offset < right.offset
            }
        }.map(\.element)
    }

    mutating func report(_ reason: RoomsFileProblem.Reason, at position: TextPosition, path: JSONPath) {
        problems.append(RoomsFileProblem(fileName: fileName, position: position, path: path, reason: reason))
    }

    // MARK: Document

    mutating func decodeConfig(_ root: JSONValue) -> RoomsConfig? {
        guard let fields = object(root, path: .root, allowed: ["rooms", "servers", "settings", "me", "playlists"])
        else { return nil }
        let settings = fields["settings"].flatMap { decodeSettings($0.value, path: JSONPath.root.appending("settings")) }
        let me = fields["me"].map { decodeMe($0.value, path: JSONPath.root.appending("me")) }
        let servers = fields["servers"].map { decodeServers($0.value, path: JSONPath.root.appending("servers")) }
        let playlists = fields["playlists"].map { decodePlaylists($0.value, path: JSONPath.root.appending("playlists")) }
        // Servers or playlists are rooms sources of their own: the file's own rooms may be none.
        let otherSources = !((servers ?? nil) ?? []).isEmpty || !((playlists ?? nil) ?? []).isEmpty
        let brokenSources = (servers.map { $0 == nil } ?? false) || (playlists.map { $0 == nil } ?? false)
        let rooms: [Room]?
        if let member = fields["rooms"] {
            rooms = decodeRooms(member.value, path: JSONPath.root.appending("rooms"), mayBeEmpty: otherSources)
        } else if otherSources || brokenSources {
            rooms = []
        } else {
            _ = require("rooms", in: fields, of: root, path: .root, why: nil)
            rooms = nil
        }
        guard let rooms, servers.map({ $0 != nil }) ?? true, me.map({ $0 != nil }) ?? true,
              playlists.map({ $0 != nil }) ?? true else { return nil }
        return RoomsConfig(rooms: rooms, settings: settings ?? RoomsSettings(), servers: (servers ?? nil) ?? [],
                           me: (me ?? nil) ?? Me(), playlists: (playlists ?? nil) ?? [])
    }

    private mutating func decodeSettings(_ value: JSONValue, path: JSONPath) -> RoomsSettings? {
        guard let fields = object(value, path: path, allowed: ["auto_pip", "auto_exit"]) else { return nil }
        var settings = RoomsSettings()
        if let member = fields["auto_pip"] {
            settings.autoPiP = bool(member.value, path: path.appending("auto_pip")) ?? settings.autoPiP
        }
        if let member = fields["auto_exit"] {
            settings.autoExit = bool(member.value, path: path.appending("auto_exit")) ?? settings.autoExit
        }
        return settings
    }

    private mutating func decodeRooms(_ value: JSONValue, path: JSONPath, mayBeEmpty: Bool) -> [Room]? {
        guard case .array(let elements) = value.content else {
            report(.expectedList(.rooms, found: value.kind), at: value.position, path: path)
            return nil
        }
        guard !elements.isEmpty || mayBeEmpty else {
            report(.noRooms, at: value.position, path: path)
            return nil
        }
        var rooms: [Room] = []
        for (index, element) in elements.enumerated() {
            if let room = decodeRoom(element, index: index, path: path.appending(index)) { rooms.append(room) }
        }
        return rooms.count == elements.count ? rooms : nil
    }

    // MARK: Rooms

    private static let roomFields = ["id", "title", "kind", "role", "pip", "source", "participants",
                                     "publish", "server", "bitrate", "videoroom"]

    private mutating func decodeRoom(_ value: JSONValue, index: Int, path: JSONPath) -> Room? {
        guard let fields = object(value, path: path, allowed: Self.roomFields) else { return nil }
        let id = decodeID(fields, of: value, index: index, path: path)
        let title = require("title", in: fields, of: value, path: path, why: nil)
            .flatMap { nonEmptyString($0.value, path: path.appending("title")) }
        let kind = require("kind", in: fields, of: value, path: path, why: nil)
            .flatMap { choice($0.value, path: path.appending("kind"), field: "kind", as: RoomKind.self) }
        let role = fields["role"].map { choice($0.value, path: path.appending("role"), field: "role", as: RoomRole.self) }
            ?? .audience
        let pip = fields["pip"].map { bool($0.value, path: path.appending("pip")) } ?? true
        let callServer = kind == .call ? fields["server"].map { callServerID($0.value, path: path.appending("server")) } : nil
        let media = decodeMedia(fields, of: value, kind: kind, serverCall: callServer != nil, path: path)
        let broadcast = kind == .call ? callRoomHasNoBroadcast(fields, path: path)
            : decodeBroadcast(fields, roomID: id, role: role, kind: kind, path: path)
        let videoRoom = decodeJanusCall(fields, of: value, kind: kind, serverID: callServer ?? nil, path: path)
        guard let id, let title, let role, let pip, let media, let broadcast, callServer.map({ $0 != nil }) ?? true,
              let videoRoom else { return nil }
        return Room(id: id, title: title, role: role, pip: pip, media: media, broadcast: broadcast,
                    callServerID: callServer ?? nil, videoRoom: videoRoom)
    }

    /// A call on a Janus server needs its `videoroom`, and no other room has one (R8): the
    /// number (`.some(nil)` for none), or nil after reporting a problem.
    private mutating func decodeJanusCall(_ fields: [String: JSONMember], of value: JSONValue, kind: RoomKind?, serverID: String?,
                                          path: JSONPath) -> UInt64?? {
        let onJanus = serverID.flatMap { serversByID[$0] }?.kind == .janus
        guard let member = fields["videoroom"] else {
            guard onJanus else { return .some(nil) }
            _ = require("videoroom", in: fields, of: value, path: path, why: .videoRoom)
            return nil
        }
        guard onJanus else {
            // A call naming a server that is broken or unknown has had its message.
            if kind != .call || (fields["server"] == nil) || serverID != nil {
                report(.videoRoomWithoutJanus, at: member.keyPosition, path: path.appending("videoroom"))
            }
            return nil
        }
        return decodeVideoRoom(member.value, path: path.appending("videoroom")).map { .some($0) }
    }

    /// A call room never broadcasts: `.some(nil)`, or nil after reporting `publish` or `bitrate`.
    private mutating func callRoomHasNoBroadcast(_ fields: [String: JSONMember], path: JSONPath) -> Broadcast?? {
        let present = ["publish", "bitrate"].compactMap { key in fields[key].map { (key, $0) } }
        for (key, member) in present {
            report(.callRoomBroadcasts(field: key), at: member.keyPosition, path: path.appending(key))
        }
        return present.isEmpty ? .some(nil) : nil
    }

    private mutating func decodeID(_ fields: [String: JSONMember], of value: JSONValue, index: Int, path: JSONPath) -> RoomID? {
        uniqueID(fields, of: value, index: index, path: path, seen: \.firstIndexOfID, list: .rooms)
    }

    /// The `id` field when it is a valid id (R2) that `seen` does not hold yet; records its index.
    mutating func uniqueID(_ fields: [String: JSONMember], of value: JSONValue, index: Int, path: JSONPath,
                           seen: WritableKeyPath<Self, [String: Int]>, list: RoomsFileProblem.IDList) -> String? {
        guard let member = require("id", in: fields, of: value, path: path, why: nil),
              let id = string(member.value, path: path.appending("id"))
        else { return nil }
        guard RoomsFile.isValidID(id) else {
            report(.invalidID(id), at: member.value.position, path: path.appending("id"))
            return nil
        }
        if let first = self[keyPath: seen][id] {
            report(.duplicateID(list, id: id, first: first), at: member.value.position, path: path.appending("id"))
            return nil
        }
        self[keyPath: seen][id] = index
        return id
    }

    /// Reads `source` or `participants` as the kind asks; with no valid kind, checks whichever is
    /// there. A call on a server has no `participants`: the server lists them.
    private mutating func decodeMedia(_ fields: [String: JSONMember], of value: JSONValue, kind: RoomKind?, serverCall: Bool,
                                      path: JSONPath) -> RoomMedia? {
        switch kind {
        case .live:
            if let member = fields["participants"] {
                report(.liveRoomWithParticipants, at: member.keyPosition, path: path.appending("participants"))
            }
            guard let member = require("source", in: fields, of: value, path: path, why: .liveSource),
                  let source = decodeSource(member.value, path: path.appending("source")) else { return nil }
            return .live(source: source)
        case .call:
            if let member = fields["source"] {
                report(.callRoomWithSource, at: member.keyPosition, path: path.appending("source"))
            }
            if serverCall {
                if let member = fields["participants"] {
                    report(.serverCallWithParticipants, at: member.keyPosition, path: path.appending("participants"))
                    return nil
                }
                return .call(participants: [])
            }
            guard let member = require("participants", in: fields, of: value, path: path, why: .callParticipants),
                  let participants = decodeParticipants(member.value, path: path.appending("participants")) else { return nil }
            return .call(participants: participants)
        case nil:
            _ = fields["source"].map { decodeSource($0.value, path: path.appending("source")) }
            _ = fields["participants"].map { decodeParticipants($0.value, path: path.appending("participants")) }
            return nil
        }
    }

    mutating func decodeSource(_ value: JSONValue, path: JSONPath) -> SourceSpec? {
        guard let text = string(value, path: path) else { return nil }
        do throws(SourceSpecError) {
            return try SourceSpec.parse(text)
        } catch {
            report(.badSource(error), at: value.position, path: path)
            return nil
        }
    }

    private mutating func decodeParticipants(_ value: JSONValue, path: JSONPath) -> [Participant]? {
        guard case .array(let elements) = value.content else {
            report(.expectedList(.participants, found: value.kind), at: value.position, path: path)
            return nil
        }
        guard (1...RoomsFile.maximumParticipants).contains(elements.count) else {
            report(.participantCount(elements.count), at: value.position, path: path)
            return nil
        }
        var participants: [Participant] = []
        for (index, element) in elements.enumerated() {
            let elementPath = path.appending(index)
            guard let fields = object(element, path: elementPath, allowed: ["name", "source"]) else { continue }
            let name = require("name", in: fields, of: element, path: elementPath, why: nil)
                .flatMap { nonEmptyString($0.value, path: elementPath.appending("name")) }
            let source = require("source", in: fields, of: element, path: elementPath, why: nil)
                .flatMap { decodeSource($0.value, path: elementPath.appending("source")) }
            if let name, let source { participants.append(Participant(name: name, source: source)) }
        }
        return participants.count == elements.count ? participants : nil
    }

    // MARK: Typed values

    /// The members of an object by key, after reporting unknown and repeated fields
    /// (decoding goes on past them, so that the other problems are reported too).
    mutating func object(_ value: JSONValue, path: JSONPath, allowed: [String]) -> [String: JSONMember]? {
        guard case .object(let members) = value.content else {
            report(.expectedObject(found: value.kind), at: value.position, path: path)
            return nil
        }
        var fields: [String: JSONMember] = [:]
        for member in members {
            let memberPath = path.appending(member.key)
            if !allowed.contains(member.key) {
                report(.unknownField(member.key, allowed: allowed), at: member.keyPosition, path: memberPath)
            } else if let first = fields[member.key] {
                report(.duplicateField(member.key, first: first.keyPosition), at: member.keyPosition, path: memberPath)
            } else {
                fields[member.key] = member
            }
        }
        return fields
    }

    mutating func require(_ key: String, in fields: [String: JSONMember], of value: JSONValue, path: JSONPath,
                          why: RoomsFileProblem.FieldNeed?) -> JSONMember? {
        if let member = fields[key] { return member }
        report(.missingField(key, need: why), at: value.position, path: path)
        return nil
    }

    mutating func string(_ value: JSONValue, path: JSONPath) -> String? {
        guard case .string(let text) = value.content else {
            report(.expectedString(found: value.kind), at: value.position, path: path)
            return nil
        }
        return text
    }

    mutating func nonEmptyString(_ value: JSONValue, path: JSONPath) -> String? {
        guard let text = string(value, path: path) else { return nil }
        guard !text.allSatisfy(\.isWhitespace) else {
            report(.emptyString, at: value.position, path: path)
            return nil
        }
        return text
    }

    private mutating func bool(_ value: JSONValue, path: JSONPath) -> Bool? {
        guard case .bool(let flag) = value.content else {
            report(.expectedBool(found: value.kind), at: value.position, path: path)
            return nil
        }
        return flag
    }

    private mutating func choice<Choice: RawRepresentable & CaseIterable>(
        _ value: JSONValue, path: JSONPath, field: String, as type: Choice.Type
    ) -> Choice? where Choice.RawValue == String {
        guard let text = string(value, path: path) else { return nil }
        guard let choice = Choice(rawValue: text) else {
            report(.unknownChoice(field: field, value: text, choices: Choice.allCases.map(\.rawValue)),
                   at: value.position, path: path)
            return nil
        }
        return choice
    }
}
