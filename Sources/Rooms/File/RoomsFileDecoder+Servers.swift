/// The rooms file's `servers` and a host room's broadcast fields (R2).
extension RoomsFileDecoder {
    private static let serverFields = ["id", "title", "stats", "play", "publish", "calls", "janus"]
    /// The fields only an nginx-rtmp server has: a Janus server (R8) has none of them.
    private static let nginxFields = ["stats", "play", "publish", "calls"]

    /// The servers, or nil when any entry has a problem; an empty array is allowed.
    mutating func decodeServers(_ value: JSONValue, path: JSONPath) -> [LiveServer]? {
        guard case .array(let elements) = value.content else {
            report(.expectedList(.servers, found: value.kind), at: value.position, path: path)
            return nil
        }
        var servers: [LiveServer] = []
        for (index, element) in elements.enumerated() {
            let elementPath = path.appending(index)
            guard let fields = object(element, path: elementPath, allowed: Self.serverFields) else { continue }
            let id = uniqueID(fields, of: element, index: index, path: elementPath, seen: \.firstIndexOfServerID,
                              list: .servers)
            let title = require("title", in: fields, of: element, path: elementPath, why: nil)
                .flatMap { nonEmptyString($0.value, path: elementPath.appending("title")) }
            if let janus = fields["janus"] {
                guard let server = decodeJanusServer(janus, fields: fields, id: id, title: title, path: elementPath) else { continue }
                serversByID[server.id] = server
                servers.append(server)
                continue
            }
            let stats = require("stats", in: fields, of: element, path: elementPath, why: .statsPage)
                .flatMap { url($0.value, path: elementPath.appending("stats"), kind: .stats) }
            let play = require("play", in: fields, of: element, path: elementPath, why: .playTemplate)
                .flatMap { url($0.value, path: elementPath.appending("play"), kind: .play) }
            let publish = fields["publish"].map { url($0.value, path: elementPath.appending("publish"), kind: .publish) }
            let calls = fields["calls"].map { url($0.value, path: elementPath.appending("calls"), kind: .calls) }
            guard let id, let title, let stats, let play, publish.map({ $0 != nil }) ?? true, calls.map({ $0 != nil }) ?? true
            else { continue }
            let server = LiveServer(id: id, title: title, stats: stats, play: StreamURLTemplate(play),
                                    publish: (publish ?? nil).map(StreamURLTemplate.init),
                                    calls: (calls ?? nil).map(CallURLTemplate.init))
            serversByID[id] = server
            servers.append(server)
        }
        return servers.count == elements.count ? servers : nil
    }

    /// A Janus server (R8): `id`, `title` and the API's URL in `janus`, nothing else.
    private mutating func decodeJanusServer(_ janus: JSONMember, fields: [String: JSONMember], id: String?, title: String?,
                                            path: JSONPath) -> LiveServer? {
        let api = url(janus.value, path: path.appending("janus"), kind: .janus)
        let others = Self.nginxFields.compactMap { key in fields[key].map { (key, $0) } }
        for (key, member) in others {
            report(.janusServerField(key), at: member.keyPosition, path: path.appending(key))
        }
        guard let id, let title, let api, others.isEmpty else { return nil }
        return LiveServer.janus(id: id, title: title, api: api)
    }

    /// A call room's `videoroom` (R8): the Janus room's number, 1 to 2^53 - 1 (JSON's exact integers).
    mutating func decodeVideoRoom(_ value: JSONValue, path: JSONPath) -> UInt64? {
        guard case .number(let text, _) = value.content, let number = UInt64(text), (1...(1 << 53) - 1).contains(number) else {
            let number = if case .number(let text, _) = value.content { text } else { String?.none }
            report(.badVideoRoom(number: number, found: value.kind), at: value.position, path: path)
            return nil
        }
        return number
    }

    // MARK: Broadcast

    /// A host room's `publish`, `server` and `bitrate`: `.some(nil)` when the room has none of
    /// them, nil when there is a problem.
    mutating func decodeBroadcast(_ fields: [String: JSONMember], roomID: RoomID?, role: RoomRole?, kind: RoomKind?,
                                  path: JSONPath) -> Broadcast?? {
        let present = ["publish", "server", "bitrate"].compactMap { key in fields[key].map { (key, $0) } }
        guard !present.isEmpty else { return .some(nil) }
        guard role == .host, kind == .live else {
            for (key, member) in present where role != nil && kind != nil {
                report(.broadcastNotHost(field: key), at: member.keyPosition, path: path.appending(key))
            }
            return nil
        }
        let bitrate = fields["bitrate"].map { decodeBitrate($0.value, path: path.appending("bitrate")) }
        let destination: (url: String, serverID: String?)?
        switch (fields["publish"], fields["server"]) {
        case (_?, let server?):
            report(.publishAndServer, at: server.keyPosition, path: path.appending("server"))
            destination = nil
        case (let publish?, nil):
            destination = url(publish.value, path: path.appending("publish"), kind: .roomPublish)
                .map { (StreamURLTemplate($0).url(forStream: roomID ?? ""), nil) }
        case (nil, let server?):
            destination = serverPublishURL(server.value, roomID: roomID ?? "", path: path.appending("server"))
                .map { ($0, server.value.stringContent) }
        case (nil, nil):
            report(.bitrateWithoutDestination, at: present[0].1.keyPosition,
                   path: path.appending("bitrate"))
            destination = nil
        }
        guard let destination, roomID != nil, bitrate.map({ $0 != nil }) ?? true else { return nil }
        return .some(Broadcast(publishURL: destination.url, serverID: destination.serverID,
                               videoBitrate: (bitrate ?? nil) ?? Broadcast.defaultVideoBitrate))
    }

    /// A call room's `server`: the id of a server with a `calls` template.
    mutating func callServerID(_ value: JSONValue, path: JSONPath) -> String? {
        guard let id = string(value, path: path) else { return nil }
        guard let server = serversByID[id] else {
            if firstIndexOfServerID[id] == nil { reportUnknownServer(id, at: value, path: path) }
            return nil
        }
        guard server.calls != nil else {
            report(.serverWithoutCalls(id), at: value.position, path: path)
            return nil
        }
        return id
    }

    private mutating func reportUnknownServer(_ id: String, at value: JSONValue, path: JSONPath) {
        report(.unknownServer(id, known: firstIndexOfServerID.keys.sorted()), at: value.position, path: path)
    }

    /// The room's publish URL from its server's template.
    private mutating func serverPublishURL(_ value: JSONValue, roomID: RoomID, path: JSONPath) -> String? {
        guard let id = string(value, path: path) else { return nil }
        guard let server = serversByID[id] else {
            if firstIndexOfServerID[id] == nil { reportUnknownServer(id, at: value, path: path) }
            return nil
        }
        guard let publish = server.publish else {
            report(.serverWithoutPublish(id), at: value.position, path: path)
            return nil
        }
        return publish.url(forStream: roomID)
    }

    /// Kilobits per second, 100 to 50000, stored in bits per second.
    private mutating func decodeBitrate(_ value: JSONValue, path: JSONPath) -> Int? {
        guard case .number(_, let kilobits) = value.content, kilobits == kilobits.rounded(),
              (100...50_000).contains(kilobits)
        else {
            let number = if case .number(let text, _) = value.content { text } else { String?.none }
            report(.badBitrate(number: number, found: value.kind), at: value.position, path: path)
            return nil
        }
        return Int(kilobits) * 1000
    }

    // MARK: URLs

    /// A URL string checked for its kind, or nil after reporting why it is not one.
    private mutating func url(_ value: JSONValue, path: JSONPath, kind: ServerURLKind) -> String? {
        guard let text = string(value, path: path) else { return nil }
        if let problem = kind.problem(with: text) {
            report(.badURL(problem), at: value.position, path: path)
            return nil
        }
        return text
    }
}

extension JSONValue {
    /// The text of a string value, nil for every other type.
    fileprivate var stringContent: String? {
        if case .string(let text) = content { text } else { nil }
    }
}
