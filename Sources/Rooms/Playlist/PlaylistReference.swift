/// A playlist the app reads as a rooms source (R7): where it is and how often it is read again.
public struct PlaylistReference: Hashable, Sendable {
    /// Where the playlist is.
    public var address: PlaylistAddress
    /// Seconds between reads, or nil to read it once (and again when the rooms file changes).
    public var refresh: Double?

    /// The shortest refresh: a playlist server is not asked more often than this.
    public static let minimumRefresh = 10.0
    /// The longest refresh a rooms file may ask for: a day.
    public static let maximumRefresh = 86_400.0

    /// Creates a reference.
    public init(address: PlaylistAddress, refresh: Double? = nil) {
        self.address = address
        self.refresh = refresh
    }
}

/// Where a playlist is: a file the user chose, or an http(s) URL.
public enum PlaylistAddress: Hashable, Sendable {
    /// A path on this computer (relative paths are relative to the current directory).
    case file(path: String)
    /// An `http://` or `https://` URL; for a stream given alone (``PlaylistRooms/init(stream:)``),
    /// any network URL FloatApp plays.
    case url(String)

    /// The path or URL as given.
    public var text: String {
        switch self {
        case .file(let path): path
        case .url(let url): url
        }
    }

    /// The name a list is shown by before it says otherwise: the last part of its path.
    public var name: String {
        let path: Substring
        switch self {
        case .file(let text): path = text[...]
        case .url(let text): path = NetworkURL(text).map { Substring($0.path) } ?? text[...]
        }
        let last = path.split(separator: "/").last.map { PercentEncoding.decodedText($0) ?? String($0) }
        return DisplayText.cleaned(last) ?? DisplayText.cleaned(text) ?? text
    }

    /// Where the entries of the playlist's bytes resolve against; nil for a URL that is no
    /// http(s) address.
    public var location: PlaylistLocation? {
        switch self {
        case .file(let path): PlaylistLocation(filePath: path)
        case .url(let url): PlaylistLocation(downloadedFrom: url)
        }
    }

    /// Whether a path names a rooms file by its extension (`.json`, any case).
    public static func isRoomsFilePath(_ path: String) -> Bool {
        path.lowercased().hasSuffix(".json")
    }

    /// Whether a path names a playlist by its extension (`.m3u`, `.m3u8`, any case).
    public static func isPlaylistPath(_ path: String) -> Bool {
        let lower = path.lowercased()
        let end = lower.split(separator: "?", maxSplits: 1).first.map(String.init) ?? lower
        return end.hasSuffix(".m3u") || end.hasSuffix(".m3u8")
    }
}
