/// Where a playlist was read from, given to the parser as a value (the parser reads no file):
/// relative entries resolve against it, and it decides what the entries may open (R7).
public struct PlaylistLocation: Hashable, Sendable {
    enum Place: Hashable, Sendable {
        /// A file the user chose, by the directory its relative entries are in (nil: the
        /// current directory, for a path without `/`).
        case file(directory: String?)
        /// A playlist downloaded from this http(s) URL.
        case network(NetworkURL)
    }

    let place: Place

    /// A playlist on disk at `path` (absolute or relative), which the user chose: its entries
    /// may be network URLs, paths (relative ones resolve against its directory), `file:` URLs
    /// and, as in a rooms file, devices and `lavfi:`.
    public init(filePath path: String) {
        guard let slash = path.lastIndex(of: "/") else {
            place = .file(directory: nil)
            return
        }
        place = .file(directory: String(path[..<slash]))
    }

    /// A playlist downloaded from `url`, an `http://` or `https://` URL with a host; nil for
    /// any other. Its relative entries resolve against the URL, and entries that open local
    /// things (files, devices, `lavfi:`) are refused: a list from the network never makes
    /// FloatApp open anything on this computer.
    public init?(downloadedFrom url: String) {
        guard let parsed = NetworkURL(url), parsed.scheme == "http" || parsed.scheme == "https",
              NetworkURL.problem(with: url) == nil else { return nil }
        place = .network(parsed)
    }

    /// True for a playlist downloaded from the network.
    public var isDownloaded: Bool {
        if case .network = place { return true }
        return false
    }
}
