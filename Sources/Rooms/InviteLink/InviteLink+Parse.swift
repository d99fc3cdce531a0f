extension InviteLink {
    /// Reads an invite link (pasted, dropped or given by `xdg-open`), or says why it is none.
    ///
    /// White space at either end is dropped; other characters outside ASCII are read as they
    /// are. The link is refused when it, or the link ``text`` writes for it (every such
    /// character percent-encoded), is over ``maximumLength`` bytes; holds a space, a control character or another character no URL
    /// holds raw; is not `floatapp://live?...` or `floatapp://call?...`; has a field twice, a
    /// field of another kind, a field missing or empty, or a value that is not percent-encoded
    /// UTF-8 without control characters; or names an address that is not a network URL of
    /// ``networkSchemes`` with a host (a file, a device, `lavfi:`, another scheme), or, for a
    /// call, server URLs that break the rooms file's rules (R2, R5).
    ///
    /// - Complexity: O(*n*) in the link's length.
    public static func parse(_ link: String) throws(InviteLinkError) -> InviteLink {
        guard link.utf8.count <= maximumLength else { throw .tooLong(limit: maximumLength) }
        var text = Substring(link)
        while let first = text.unicodeScalars.first, " \t\r\n".unicodeScalars.contains(first) { text.unicodeScalars.removeFirst() }
        while let last = text.unicodeScalars.last, " \t\r\n".unicodeScalars.contains(last) { text.unicodeScalars.removeLast() }
        if let (offset, scalar) = text.unicodeScalars.enumerated().first(where: { NetworkURL.isForbidden($0.element) }) {
            throw .forbiddenCharacter(scalar.value, column: offset + 1)
        }
        let prefix = scheme + "://"
        guard text.utf8.count >= prefix.utf8.count, text.prefix(prefix.count).lowercased() == prefix else {
            throw .notFloatAppLink
        }
        let rest = text.dropFirst(prefix.count)
        let kindEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let kind = rest[..<kindEnd].lowercased()
        guard kind == "live" || kind == "call" else { throw .unknownKind(String(rest[..<kindEnd].prefix(64))) }
        var afterKind = rest[kindEnd...]
        if afterKind.hasPrefix("/") { afterKind = afterKind.dropFirst() }
        if afterKind.contains("#") { throw .fragment }
        guard afterKind.isEmpty || afterKind.hasPrefix("?") else { throw .unexpectedPath(String(afterKind.prefix(64))) }
        let fields = try Self.fields(in: afterKind.dropFirst(), kind: kind)
        let link = kind == "live" ? try live(fields) : try call(fields)
        // Raw non-ASCII text is read as it is but written encoded: the link as ``text`` writes it
        // must fit too, so that every link read can be passed on.
        guard link.text.utf8.count <= maximumLength else { throw .tooLong(limit: maximumLength) }
        return link
    }

    /// The query's fields by name, decoded and checked for being given once, known and not empty.
    private static func fields(in query: Substring, kind: String) throws(InviteLinkError) -> [String: String] {
        let allowed = fields(of: kind)
        var values: [String: String] = [:]
        for piece in query.split(separator: "&") {
            let equals = piece.firstIndex(of: "=") ?? piece.endIndex
            let name = String(piece[..<equals])
            guard allowed.contains(name) else { throw .unknownField(String(name.prefix(64)), allowed: allowed) }
            guard values[name] == nil else { throw .duplicateField(name) }
            let encoded = equals == piece.endIndex ? "" : piece[piece.index(after: equals)...]
            guard let bytes = PercentEncoding.decoded(encoded) else { throw .badPercentEncoding(field: name) }
            guard UTF8Validation.firstInvalidOffset(in: bytes) == nil else { throw .notUTF8(field: name) }
            let value = String(decoding: bytes, as: UTF8.self)
            if let control = value.unicodeScalars.first(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
                throw .controlCharacter(field: name, control.value)
            }
            guard !value.isEmpty else { throw .emptyField(name) }
            values[name] = value
        }
        return values
    }

    private static func require(_ name: String, in fields: [String: String]) throws(InviteLinkError) -> String {
        guard let value = fields[name] else { throw .missingField(name) }
        return value
    }

    private static func live(_ fields: [String: String]) throws(InviteLinkError) -> InviteLink {
        let title = try require("title", in: fields)
        let url = try require("url", in: fields)
        if !url.contains(":"), url.lowercased().contains("%3a") { throw .encodedTwice(field: "url") }
        if let parts = NetworkURL(url), !networkSchemes.contains(parts.scheme), !NetworkURL.schemeIsLocal(url) {
            throw .unsupportedScheme(field: "url", String(parts.scheme.prefix(64)))
        }
        let source: SourceSpec
        do throws(SourceSpecError) { source = try SourceSpec.parse(url) } catch { throw .badSource(field: "url", error) }
        if let local = LocalSource(source) { throw .localSource(field: "url", local) }
        guard case .url = source, let parts = NetworkURL(url), networkSchemes.contains(parts.scheme) else {
            let scheme = url.utf8.firstIndex(of: UInt8(ascii: ":")).flatMap { SourceSpec.scheme(before: $0, in: url) } ?? url
            throw .unsupportedScheme(field: "url", String(scheme.prefix(64)))
        }
        if let problem = NetworkURL.problem(with: url) { throw .badAddress(field: "url", problem) }
        return .live(title: title, url: url)
    }

    private static func call(_ fields: [String: String]) throws(InviteLinkError) -> InviteLink {
        let room = try require("room", in: fields)
        guard RoomsFile.isValidID(room) else { throw .invalidID(field: "room", String(room.prefix(64))) }
        let title = try require("title", in: fields)
        let serverID = try require("server", in: fields)
        guard RoomsFile.isValidID(serverID) else { throw .invalidID(field: "server", String(serverID.prefix(64))) }
        let serverTitle = fields["server-title"] ?? serverID
        let stats = try serverURL("stats", .stats, in: fields)
        let play = try serverURL("play", .play, in: fields)
        let calls = try serverURL("calls", .calls, in: fields)
        return .call(room: room, title: title, server: LiveServer(
            id: serverID, title: serverTitle, stats: stats, play: StreamURLTemplate(play), calls: CallURLTemplate(calls)))
    }

    /// A server URL that follows the rooms file's rules for its kind and, placeholders filled
    /// in, is a well-formed network address.
    private static func serverURL(_ name: String, _ kind: ServerURLKind, in fields: [String: String]) throws(InviteLinkError) -> String {
        let url = try require(name, in: fields)
        if !url.contains(":"), url.lowercased().contains("%3a") { throw .encodedTwice(field: name) }
        if let problem = kind.problem(with: url) { throw .badServerURL(field: name, problem) }
        let sample = [StreamURLTemplate.placeholder, CallURLTemplate.roomPlaceholder, CallURLTemplate.participantPlaceholder]
            .reduce(url) { $0.replacingEvery($1, with: "x") }
        if let problem = NetworkURL.problem(with: sample) { throw .badAddress(field: name, problem) }
        return url
    }
}
