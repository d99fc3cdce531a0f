import Localization
import Rooms

extension RoomsFileProblem {
    /// `file:line:col: path: message`, leaving out the parts that are unknown (R4).
    public var words: String {
        var text = fileName
        if let position { text += ":\(position)" }
        if let path { text += ": \(path.words)" }
        return text + ": " + reason.words
    }

    /// A file's string as JSON writes it, quotes and escapes included.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Choices joined as "a, b or c".
    static func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.joined() }
        // TRANSLATORS: the last two of a list of choices, e.g. "kind" or "role"; the first may itself be "a, b".
        return tr("%1$s or %2$s", names.dropLast().joined(separator: ", "), names[names.count - 1])
    }
}

extension RoomsFileProblem.Reason {
    /// What is wrong, as the message after the place says it.
    public var words: String {
        let quoted = RoomsFileProblem.quoted, list = RoomsFileProblem.list
        switch self {
        case .syntax(let problem, let atEndOfFile):
            return problem.words(atEndOfFile: atEndOfFile)
        case .expectedObject(let found):
            return tr("expected an object, found %s", found.words)
        case .expectedList(.rooms, let found):
            return tr("expected an array of rooms, found %s", found.words)
        case .expectedList(.participants, let found):
            return tr("expected an array of participants, found %s", found.words)
        case .expectedList(.servers, let found):
            return tr("expected an array of servers, found %s", found.words)
        case .expectedList(.playlists, let found):
            return tr("expected an array of playlists, found %s", found.words)
        case .expectedString(let found):
            return tr("expected a string, found %s", found.words)
        case .expectedBool(let found):
            return tr("expected true or false, found %s", found.words)
        case .emptyString:
            return tr("must not be empty")
        case .unknownField(let key, let allowed):
            return tr("unknown field %1$s (expected %2$s)", quoted(key), list(allowed))
        case .duplicateField(let key, let first):
            return tr("duplicate field %1$s (first at %2$s)", quoted(key), "\(first)")
        case .missingField(let key, nil):
            return tr("missing field %s", quoted(key))
        case .missingField(let key, let need?):
            return tr("missing field %1$s (%2$s)", quoted(key), need.words)
        case .unknownChoice(let field, let value, let choices):
            // TRANSLATORS: the first slot is a field of the rooms file ("kind", "role"), kept in English.
            return tr("unknown %1$s %2$s (expected %3$s)", field, quoted(value), list(choices.map(quoted)))
        case .noRooms:
            return tr("no rooms (at least one is needed, or a server)")
        case .invalidID(let id):
            return tr("invalid id %s: use 1 to 64 characters from A-Z, a-z, 0-9, _ and -", quoted(id))
        case .duplicateID(.rooms, let id, let first):
            return tr("duplicate %1$s %2$s (first at %3$s[%4$d])", tr("id"), quoted(id), "rooms", first)
        case .duplicateID(.servers, let id, let first):
            return tr("duplicate %1$s %2$s (first at %3$s[%4$d])", tr("server id"), quoted(id), "servers", first)
        case .liveRoomWithParticipants:
            return tr("a live room takes \"source\", not \"participants\"")
        case .callRoomWithSource:
            return tr("a call room takes \"participants\", not \"source\"")
        case .participantCount(let count):
            return tr("a call needs 1 to %1$d participants, found %2$d", RoomsFile.maximumParticipants, count)
        case .badSource(let why):
            return why.words
        case .badURL(let why):
            return why.words
        case .broadcastNotHost(let field):
            return tr("only a live room with \"role\": \"host\" broadcasts; remove %s", quoted(field))
        case .publishAndServer:
            return tr("use \"publish\" or \"server\", not both")
        case .bitrateWithoutDestination:
            return tr("\"bitrate\" needs \"publish\" or \"server\" to go live to")
        case .unknownServer(let id, let known) where known.isEmpty:
            return tr("unknown server %s (the file has no servers)", quoted(id))
        case .unknownServer(let id, let known):
            return tr("unknown server %1$s (servers: %2$s)", quoted(id), list(known.map(quoted)))
        case .serverWithoutPublish(let id):
            return tr("server %s has no \"publish\" URL to go live to", quoted(id))
        case .callRoomBroadcasts(let field):
            return tr("a call room does not broadcast; remove %s (joining sends your camera and microphone)", quoted(field))
        case .serverCallWithParticipants:
            return tr("a call on a server takes no \"participants\": the server lists who is in it")
        case .serverWithoutCalls(let id):
            return tr("server %s has no \"calls\" URL to hold calls on", quoted(id))
        case .janusServerField(let field):
            return tr("a Janus server takes \"id\", \"title\" and \"janus\" only; remove %s", quoted(field))
        case .videoRoomWithoutJanus:
            return tr("only a call on a Janus server has a \"videoroom\"")
        case .badVideoRoom(let number, let found):
            return tr("expected a VideoRoom room number, a whole number from 1 to 9007199254740991, found %s", number ?? found.words)
        case .nameControlCharacter(let code):
            return tr("a name has no control characters, found U+%s", String(code, radix: 16, uppercase: true))
        case .nameTooLong(let length):
            return tr("name too long for a stream name: %1$d characters once encoded, at most %2$d",
                      length, ParticipantName.maximumEncodedLength)
        case .badBitrate(let number, let found):
            return tr("expected a bitrate in kbit/s, a whole number from 100 to 50000, found %s", number ?? found.words)
        case .badPlaylistAddress(let why):
            return why.words
        case .badRefresh(let number, let found):
            return tr("expected a refresh in seconds, a number from %1$d to %2$d, found %3$s",
                      Int(PlaylistReference.minimumRefresh), Int(PlaylistReference.maximumRefresh), number ?? found.words)
        }
    }
}

extension RoomsFileProblem.PlaylistAddressProblem {
    /// Why a playlist's `url` is refused.
    var words: String {
        switch self {
        case .controlCharacter(let code):
            tr("a playlist's address has no control characters, found U+%s", String(code, radix: 16, uppercase: true))
        case .notAnAddress(let text):
            tr("not an http(s) address with a host: %s", RoomsFileProblem.quoted(text))
        case .scheme(let scheme):
            tr("a playlist is an http(s) URL or a path, not %s:", scheme)
        }
    }
}

extension RoomsFileProblem.FieldNeed {
    /// What the missing field is for, in the parentheses after its name.
    var words: String {
        switch self {
        case .liveSource: tr("a live room needs one")
        case .callParticipants: tr("a call room needs 1 to %d", RoomsFile.maximumParticipants)
        case .statsPage: tr("the statistics page's URL")
        case .playTemplate: tr("a URL with %s", StreamURLTemplate.placeholder)
        case .videoRoom: tr("the Janus VideoRoom room's number")
        }
    }
}
