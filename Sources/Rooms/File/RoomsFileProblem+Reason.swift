extension RoomsFileProblem {
    /// What is wrong with a value of a rooms file (R2-R4), with the data a message names.
    public enum Reason: Hashable, Sendable {
        /// The file is not JSON.
        case syntax(JSONSyntaxProblem, atEndOfFile: Bool)
        /// An object where the file needs one, and what was found instead.
        case expectedObject(found: JSONValue.Kind)
        /// A list (`rooms`, `participants`, `servers`) that is not an array.
        case expectedList(List, found: JSONValue.Kind)
        /// A string field holding something else.
        case expectedString(found: JSONValue.Kind)
        /// A true-or-false field holding something else.
        case expectedBool(found: JSONValue.Kind)
        /// A string field that is empty or only white space.
        case emptyString
        /// A field the object does not take, and the ones it does.
        case unknownField(String, allowed: [String])
        /// A field given twice, and where it first is.
        case duplicateField(String, first: TextPosition)
        /// A field the object needs, and why when that helps.
        case missingField(String, need: FieldNeed?)
        /// A word field (`kind`, `role`) with a value outside its choices.
        case unknownChoice(field: String, value: String, choices: [String])
        /// An empty `rooms` list in a file without servers.
        case noRooms
        /// An id outside `[A-Za-z0-9_-]{1,64}`.
        case invalidID(String)
        /// A room or server id used before, at index `first` of its list.
        case duplicateID(IDList, id: String, first: Int)
        /// A live room with `participants`.
        case liveRoomWithParticipants
        /// A call room with `source`.
        case callRoomWithSource
        /// A call with too few or too many participants: how many it has.
        case participantCount(Int)
        /// A source that is not one FloatApp opens.
        case badSource(SourceSpecError)
        /// A server URL that breaks its kind's rules.
        case badURL(ServerURLProblem)
        /// A broadcast field (`publish`, `server`, `bitrate`) on a room that is not a live host room.
        case broadcastNotHost(field: String)
        /// A host room with both `publish` and `server`.
        case publishAndServer
        /// A `bitrate` with nowhere to go live to.
        case bitrateWithoutDestination
        /// A room's `server` that the file does not define, and the ids it does.
        case unknownServer(String, known: [String])
        /// A room's `server` that has no `publish` template.
        case serverWithoutPublish(String)
        /// A call room with a broadcast field (`publish`, `bitrate`): joining sends the camera and microphone.
        case callRoomBroadcasts(field: String)
        /// A call on a server with `participants`: the server lists who is in it.
        case serverCallWithParticipants
        /// A call room's `server` that has no `calls` template.
        case serverWithoutCalls(String)
        /// A Janus server with a field only an nginx-rtmp server has (R8).
        case janusServerField(String)
        /// A `videoroom` on a room that is not a call on a Janus server (R8).
        case videoRoomWithoutJanus
        /// A `videoroom` that is not a whole number from 1 to 2^53 - 1: its text, or nil when it
        /// is not a number.
        case badVideoRoom(number: String?, found: JSONValue.Kind)
        /// A name with a control character, by its code point.
        case nameControlCharacter(UInt32)
        /// A name longer, once encoded for a stream name, than a stream name can be.
        case nameTooLong(encodedLength: Int)
        /// A `bitrate` that is not a whole number of kbit/s from 100 to 50000: the number's text,
        /// or nil when it is not a number.
        case badBitrate(number: String?, found: JSONValue.Kind)
        /// A playlist's `url` that is neither an http(s) address nor a path (R7).
        case badPlaylistAddress(PlaylistAddressProblem)
        /// A playlist's `refresh` that is not a number of seconds in the allowed range.
        case badRefresh(number: String?, found: JSONValue.Kind)
    }

    /// Why a playlist's `url` is refused.
    public enum PlaylistAddressProblem: Hashable, Sendable {
        /// A control character, by its code point.
        case controlCharacter(UInt32)
        /// An `http:` or `https:` text with no host or a malformed address.
        case notAnAddress(String)
        /// A scheme other than http and https.
        case scheme(String)
    }

    /// The lists a rooms file has.
    public enum List: Hashable, Sendable {
        case rooms, participants, servers, playlists
    }

    /// The lists whose entries have unique ids.
    public enum IDList: Hashable, Sendable {
        case rooms, servers
    }

    /// What a missing field was needed for.
    public enum FieldNeed: Hashable, Sendable {
        /// A live room's `source`.
        case liveSource
        /// A call room's `participants` (1 to the maximum).
        case callParticipants
        /// A server's `stats` URL.
        case statsPage
        /// A server's `play` template, with its placeholder.
        case playTemplate
        /// A call on a Janus server's VideoRoom room number (R8).
        case videoRoom
    }
}
