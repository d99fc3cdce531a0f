import PiPLayout
import Playback

/// A playback session's own status (Playback), as the views draw it.
typealias MediaStatus = Playback.PlaybackStatus

/// A room's status as the session model knows it (PiPLayout).
typealias RoomStatus = PiPLayout.PlaybackStatus
