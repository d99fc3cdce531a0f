import Rooms

/// Items that are lists of rooms (R7): a playlist file (`.m3u`, `.m3u8`), a rooms file
/// (`.json`) or a playlist URL (`http(s)://…/x.m3u`) handed over (dropped, given as an
/// argument) adds its rooms as sections of their own instead of being one room to play. An
/// `.m3u8` URL stays a stream (HLS); an `.m3u8` file that is HLS becomes one room when read.
extension AppState {
    /// The items that name lists of rooms, by their address, and the other items, in order.
    /// Only the files named are read, later, by the playlists' reader.
    static func listItems(_ items: [String], relativeTo directory: String?) -> (lists: [PlaylistAddress], rest: [String]) {
        var lists: [PlaylistAddress] = [], rest: [String] = []
        for text in items {
            switch try? GivenItem.read(text, relativeTo: directory) {
            case .source(.file(let path), _)? where PlaylistAddress.isPlaylistPath(path) || PlaylistAddress.isRoomsFilePath(path):
                lists.append(.file(path: path))
            case .source(.url(let url), _)? where Self.isPlaylistURL(url):
                lists.append(.url(url))
            default:
                rest.append(text)
            }
        }
        return (lists, rest)
    }

    /// An http(s) URL whose path ends in `.m3u` (`.m3u8` is most often an HLS stream).
    private static func isPlaylistURL(_ url: String) -> Bool {
        let lower = url.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), PlaylistLocation(downloadedFrom: url) != nil else {
            return false
        }
        let path = lower.prefix { $0 != "?" && $0 != "#" }
        return path.hasSuffix(".m3u")
    }
}
