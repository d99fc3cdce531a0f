import EngineTerms

/// The desktop's media controls (MPRIS: panels, media keys, `playerctl`), a child reducer of
/// ``AppState``: whether the app owns its media player name and what it last showed the
/// desktop. The player name is owned while a room is open and given up when none is; what it
/// shows goes out only when it changed; without a session bus the controls stay off for the
/// run. The root tells it what the app shows now (``AppState/media``) and maps its effects in
/// one place (`AppState.sendMedia(_:)`); the commands the desktop sends are the root's events.
public struct MediaControls: Equatable, Sendable {
    /// What the desktop was last shown; nil while the app does not own a player name.
    public var published: MediaState?
    /// The media controls could not start (no session bus, names taken): off for this run.
    public var unavailable = false

    /// Creates the state at start: no player name.
    public init() {}

    /// What happened to the media controls.
    public enum Action: Equatable, Sendable {
        /// The app shows this now.
        case shows(MediaState)
        /// The controls could not start (the shell logged why).
        case failedToStart
    }

    /// What the root carries out for the media controls.
    public enum Effect: Equatable, Sendable {
        /// Take the player name, showing this.
        case start(MediaState)
        /// Show this instead.
        case update(MediaState)
        /// Give up the player name.
        case stop
    }

    /// Applies an action and returns the effects for the root to map.
    public mutating func send(_ action: Action) -> [Effect] {
        switch action {
        case .shows(let media):
            guard media.track != nil else {
                guard published != nil else { return [] }
                published = nil
                return [.stop]
            }
            guard !unavailable, media != published else { return [] }
            let starting = published == nil
            published = media
            return [starting ? .start(media) : .update(media)]
        case .failedToStart:
            unavailable = true
            published = nil
            return []
        }
    }
}
