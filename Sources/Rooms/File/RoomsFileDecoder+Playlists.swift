/// The rooms file's `playlists` (R7): `[{"url": "...", "refresh": 3600}]`.
extension RoomsFileDecoder {
    /// The playlists, or nil when any entry has a problem; an empty array is allowed.
    mutating func decodePlaylists(_ value: JSONValue, path: JSONPath) -> [PlaylistReference]? {
        guard case .array(let elements) = value.content else {
            report(.expectedList(.playlists, found: value.kind), at: value.position, path: path)
            return nil
        }
        var playlists: [PlaylistReference] = []
        for (index, element) in elements.enumerated() {
            let elementPath = path.appending(index)
            guard let fields = object(element, path: elementPath, allowed: ["url", "refresh"]) else { continue }
            let address = require("url", in: fields, of: element, path: elementPath, why: nil)
                .flatMap { playlistAddress($0.value, path: elementPath.appending("url")) }
            let refresh = fields["refresh"].map { playlistRefresh($0.value, path: elementPath.appending("refresh")) }
            guard let address, refresh.map({ $0 != nil }) ?? true else { continue }
            playlists.append(PlaylistReference(address: address, refresh: refresh ?? nil))
        }
        return playlists.count == elements.count ? playlists : nil
    }

    /// An `http(s)://` URL with a host, or a path (relative to the rooms file's folder, which
    /// the loader resolves); any other scheme is refused.
    private mutating func playlistAddress(_ value: JSONValue, path: JSONPath) -> PlaylistAddress? {
        guard let text = nonEmptyString(value, path: path) else { return nil }
        if let control = DisplayText.firstControl(in: text) {
            report(.badPlaylistAddress(.controlCharacter(control.code)), at: value.position, path: path)
            return nil
        }
        let scheme = text.utf8.firstIndex(of: UInt8(ascii: ":")).flatMap { SourceSpec.scheme(before: $0, in: text) }
        switch scheme?.lowercased() {
        case nil:
            return .file(path: text)
        case "http", "https":
            guard PlaylistLocation(downloadedFrom: text) != nil else {
                report(.badPlaylistAddress(.notAnAddress(text)), at: value.position, path: path)
                return nil
            }
            return .url(text)
        case let other?:
            report(.badPlaylistAddress(.scheme(other)), at: value.position, path: path)
            return nil
        }
    }

    /// Seconds between reads: a number from ``PlaylistReference/minimumRefresh`` to
    /// ``PlaylistReference/maximumRefresh``.
    private mutating func playlistRefresh(_ value: JSONValue, path: JSONPath) -> Double? {
        guard case .number(_, let seconds) = value.content,
              (PlaylistReference.minimumRefresh...PlaylistReference.maximumRefresh).contains(seconds) else {
            let number = if case .number(let text, _) = value.content { text } else { String?.none }
            report(.badRefresh(number: number, found: value.kind), at: value.position, path: path)
            return nil
        }
        return seconds
    }
}
