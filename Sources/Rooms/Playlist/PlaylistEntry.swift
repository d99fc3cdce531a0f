/// One stream of a playlist: a room to be (R7).
public struct PlaylistEntry: Hashable, Sendable {
    /// The title after `#EXTINF`'s comma; else its `tvg-name`; else the last part of the
    /// source's path (or the host); never empty. Control characters become spaces.
    public var title: String
    /// What the entry plays, relative entries resolved against the playlist's location.
    public var source: SourceSpec
    /// The `tvg-logo` picture: an http(s) URL (a relative one resolved), or for a playlist on
    /// disk also a path; nil when absent or not one of those.
    public var logo: String?
    /// The `group-title` (else the `#EXTGRP` before the entry), which becomes a section.
    public var group: String?
    /// The `tvg-id`, a programme guide's channel id.
    public var guideID: String?
    /// The line the entry's address is on.
    public var line: Int

    /// Creates an entry.
    public init(title: String, source: SourceSpec, logo: String? = nil, group: String? = nil, guideID: String? = nil,
                line: Int) {
        self.title = title
        self.source = source
        self.logo = logo
        self.group = group
        self.guideID = guideID
        self.line = line
    }
}
