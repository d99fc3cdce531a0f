import EngineTerms
import Localization
import Session

/// A participant's content, as their tile and their row in the panel show it.
public struct ParticipantModel: Hashable, Sendable {
    public let name: String
    /// The audio level in dBFS.
    public internal(set) var level: Double
    public let isSpeaking: Bool
    public let status: PlaybackStatus
    /// Their row in the participant panel, when it shows.
    public let row: PixelRect?

    /// How full their level meter is, 0...1, from -60 dBFS to 0.
    public var meter: Double { max(0, min(1, (level + 60) / 60)) }
}

/// A round icon button of the control bar.
public struct RoomButton: Hashable, Sendable {
    public let control: RoomControl
    public let glyph: Glyph
    public let rect: PixelRect
    /// Drawn filled, as a toggle that is on.
    public let active: Bool
    /// Tinted as a warning (mute on, leave).
    public let alert: Bool
}

/// What the full view of a room shows (W3, W4, W5) and where: the painter draws these
/// rectangles and hit-testing reads the same ones.
public struct RoomViewModel: Hashable, Sendable {
    public let title: String
    public let isCall: Bool
    /// The status as drawn: a reconnect's wait counts down (W5).
    public let status: PlaybackStatus
    /// Seconds since the room opened; for a recording, seconds played (D8).
    public let elapsed: Double
    /// A recording's length: the clock reads elapsed / duration, and there is no LIVE badge (D8).
    public let duration: Double?
    public let muted: Bool
    public let volume: Float
    public internal(set) var participants: [ParticipantModel]
    /// The room plays in the float: the view says so rather than show a still picture.
    public let inFloat: Bool
    /// Whether the title overlay and control bar show (W3).
    public let controlsVisible: Bool
    /// The video area (the window less the participant panel).
    public let stage: PixelRect
    /// The participant panel, when shown.
    public let panel: PixelRect?
    /// A call's participant tiles by index.
    public let tiles: [Tile]
    /// A live room's status over its stage, with Retry when it failed (nil while playing).
    public let overlay: StatusOverlayModel?
    /// The control bar's buttons.
    public let buttons: [RoomButton]
    /// The volume slider's track and its (wider) hit area.
    public let volumeTrack: PixelRect?
    public let volumeSlider: PixelRect?
    /// The LIVE or ON AIR badge.
    public let badge: TextBox?
    /// The box the title is drawn in, from its leading side, shortened to fit.
    public let titleBox: PixelRect
    /// The box the time since the room opened is drawn in, at its trailing side.
    public let clockBox: PixelRect
    /// The call layout's name beside its button.
    public let layoutLabel: TextBox?
    /// Every clickable control, topmost last.
    public let controls: [Hotspot<RoomControl>]
    /// The title overlay's and control bar's heights in pixels.
    public let topHeight: Int
    public let barHeight: Int
    /// The broadcast's status line while the room is live (W9), e.g. `LIVE 0:12 · 2.5 Mb/s · 0 dropped`.
    public let broadcastLine: String?
    /// Whether the broadcast is live (the line is drawn in the live colour, else as a warning).
    public let broadcastIsLive: Bool
    /// The box the broadcast line's pill starts in, at its leading side.
    public let broadcastBox: PixelRect
    /// The language's direction (X5): right to left mirrors the view and the volume slider
    /// fills from the right, as GTK and Qt mirror theirs.
    public let direction: TextDirection
    /// The joined call's self view (W10).
    public var selfView: SelfView? = nil

    /// One call participant's tile: where it is, and their own status with its Retry (W5).
    public struct Tile: Hashable, Sendable {
        public let index: Int
        public let rect: PixelRect
        /// The participant's status as drawn: a reconnect's wait counts down.
        public let status: PlaybackStatus
        /// The status over the tile's picture (nil while playing).
        public let overlay: StatusOverlayModel?
        /// The name tag's pill and the name's text box in it.
        public let tag: PixelRect
        public let name: TextBox
        /// The participant muted their microphone: a mic-off marker in this box (W10).
        public var mutedMarker: PixelRect? = nil
        /// The participant turned their camera off: their name, large, instead of video (W10).
        public var cameraOffName: TextBox? = nil
    }

    /// The joined call's self view (W10): what the user sends, mirrored like every call app's.
    public struct SelfView: Hashable, Sendable {
        /// Where the picture goes.
        public let rect: PixelRect
        /// The user's name, on a tag, and large in place of the picture while the camera is off.
        public let name: TextBox
        public let tag: PixelRect
        /// The camera is off or absent: the name instead of the picture.
        public let cameraOff: Bool
        /// The microphone is muted or absent: a mic-off marker in this box.
        public let mutedMarker: PixelRect?
    }

    /// The live room's Retry button, when its playback failed.
    public var retry: PixelRect? { overlay?.retry }

    /// The value a pointer at `x` sets on the volume slider whose hit area is `slider`: it
    /// grows to the right, or to the left in a right-to-left view.
    public func volume(at x: Int, in slider: PixelRect) -> Float {
        let inner = slider.w - sliderInset * 2
        let along = direction == .rightToLeft ? slider.maxX - sliderInset - x : x - slider.x - sliderInset
        return max(0, min(1, Float(along) / Float(max(1, inner))))
    }

    /// How far the slider's hit area reaches past its track on each side.
    public var sliderInset: Int { volumeSlider.map { s in volumeTrack.map { $0.x - s.x } ?? 0 } ?? 0 }
}

/// The glyphs of icon buttons.
public enum Glyph: Hashable, Sendable {
    case pip, close, restore, muted, unmuted, leave, layout, people, retry, live, back
    /// The joined call's microphone on and muted, camera on and off (W10).
    case mic, micOff, camera, cameraOff
    /// Two chain links: copy the room's invite link (W13).
    case link
    /// A screen with a play mark: a recording's row (D8).
    case recording
}

/// A text and the rectangle it is drawn in (left-aligned or centred by its view).
public struct TextBox: Hashable, Sendable {
    public let text: String
    public let rect: PixelRect

    /// Creates a text box.
    public init(_ text: String, _ rect: PixelRect) {
        self.text = text
        self.rect = rect
    }
}
