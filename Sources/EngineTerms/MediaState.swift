/// What FloatApp shows to media controllers (a desktop panel, media keys, `playerctl`): the
/// open room, its playback status and the volume. AppCore computes it; the media controls'
/// service publishes it.
public struct MediaState: Equatable, Sendable {
    /// Whether the open room plays.
    public enum Status: Equatable, Sendable {
        /// A room is open and its frames are presented.
        case playing
        /// A room is open and paused by the media controls.
        case paused
        /// No room is open.
        case stopped
    }

    /// The open room as a media "track".
    public struct Track: Equatable, Sendable {
        /// The room's id; becomes the track id object path.
        public var id: String
        /// The room's title (`xesam:title`).
        public var title: String
        /// The active speaker in a call (`xesam:artist`), if any.
        public var artist: String?
        /// A URL of the app's icon (`mpris:artUrl`), if known.
        public var artURL: String?

        /// A track for room `id` titled `title`.
        public init(id: String, title: String, artist: String? = nil, artURL: String? = nil) {
            self.id = id
            self.title = title
            self.artist = artist
            self.artURL = artURL
        }
    }

    /// The open room, or nil when none is open.
    public var track: Track?
    /// Whether the room is playing, paused, or none is open.
    public var status: Status
    /// The app's volume, 0...1.
    public var volume: Double

    /// A state; the default is no room open at full volume.
    public init(track: Track? = nil, status: Status = .stopped, volume: Double = 1) {
        self.track = track
        self.status = status
        self.volume = volume
    }
}
