import EngineTerms
import PiPLayout
import Session

/// What the float shows (P5) and where: video only, a small LIVE badge, or the active
/// speaker's name; on hover, the float's controls as ``FloatControlsLayout`` places them for
/// its size (a call: restore, mute, volume, the speaker's name and Leave; a live room:
/// restore, close, mute and volume), the least important hidden first on a small float.
public struct FloatViewModel: Hashable, Sendable {
    public let isCall: Bool
    /// The participant shown (0 for a live room).
    public let source: Int
    public let speakerName: String?
    /// The shown source's status over the picture, with the reconnect countdown (W5).
    public let overlay: StatusOverlayModel?
    public let muted: Bool
    /// The room's volume, 0...1.
    public let volume: Float
    /// Whether the media controls paused the room.
    public let paused: Bool
    /// Whether the controls show.
    public let hover: Bool
    public let hovered: FloatControl?
    /// Whether the float is small enough for small buttons and badges.
    public let small: Bool
    /// The controls (none unless hovered).
    public let buttons: [Hotspot<FloatControl>]
    /// Where the speaker's name shows among the controls, when it fits.
    public let nameRect: PixelRect?
    /// How far the volume slider's track is inset from its hit area on each side.
    public let sliderInset: Int
    /// While stashed, the strip the window is (P8); `nil` for the whole float.
    public let strip: StashStripModel?
    /// Whether the picture covers the whole window: true when the window has the video's aspect
    /// but for rounding. A window the compositor sized otherwise (a tiling compositor, P18)
    /// shows the whole picture letterboxed, never stretched or cropped.
    public let videoCoversWindow: Bool
    /// In a joined call, whether the user's microphone is muted: the mute control is the
    /// microphone's (P5, W10); nil otherwise.
    public var microphoneMuted: Bool? = nil
    /// Alone in a joined call, the float shows the user's own picture, mirrored (P5, W10).
    public var showsSelf = false
    /// The speaker turned their camera off: their name, large, instead of the picture (W10).
    public var cameraOffName: String? = nil
    /// The speaker muted their microphone: a mic-off marker on their name tag, as on their tile (W10).
    public var speakerMuted = false
    /// The room plays a recording: no LIVE badge (D8).
    public var isRecording = false

    /// The volume a pointer at `x` sets on the volume control at `slider`.
    public func volume(at x: Int, in slider: PixelRect) -> Float {
        max(0, min(1, Float(x - slider.x - sliderInset) / Float(max(1, slider.w - 2 * sliderInset))))
    }
}

/// The stashed float's strip as drawn: the video's edge slice and a grip chevron (P8).
public struct StashStripModel: Hashable, Sendable {
    /// Where the whole float's video lies in the strip window's pixels: the float's size,
    /// shifted so only the edge facing the screen falls inside the window.
    public let video: PixelRect
    /// Whether the grip chevron points left (stashed at the right edge) or right.
    public let pointsLeft: Bool

    /// The model of a strip.
    public init(_ strip: StashStrip) {
        let slice = strip.visibleSlice
        video = PixelRect(Int(-slice.minX.rounded()), 0, Int(strip.floatFrame.width.rounded()),
                          Int(strip.floatFrame.height.rounded()))
        pointsLeft = strip.side == .right
    }
}

extension FloatViewModel {
    /// This view with `name` as the speaker's.
    fileprivate func named(_ name: String) -> FloatViewModel {
        var model = FloatViewModel(isCall: isCall, source: source, speakerName: name, overlay: nil, muted: muted, volume: volume,
                                   paused: paused, hover: hover, hovered: hovered, small: small, buttons: buttons,
                                   nameRect: nameRect, sliderInset: sliderInset, strip: strip, videoCoversWindow: videoCoversWindow)
        model.microphoneMuted = microphoneMuted
        model.showsSelf = showsSelf
        model.isRecording = isRecording
        return model
    }
}

extension AppState {
    /// The float's view for its current size; `measure` measures the status's text.
    public func floatLayout(now: Double, measure: TextMeasure? = nil) -> FloatViewModel {
        let m = environment.metrics
        let id = session.floatWindowRoomID
        let open = id.flatMap { rooms[$0] }
        let room = id.flatMap { self.room($0) }
        let source = floatSource
        var status = PlaybackStatus.connecting
        if let open, open.sources.indices.contains(source) {
            status = shownStatus(open.sources[source], since: open.sourceSince[source], now: now)
        }
        let overlay = StatusLayout(metrics: m, measure: measure ?? m.width)
            .overlay(status, in: PixelRect(0, 0, float.width, float.height), compact: true, retry: false)
        let hover = (float.hover || keyboardInFloat) && !float.pointerDown && !floatIsStashed
        var buttons: [Hotspot<FloatControl>] = []
        var nameRect: PixelRect?
        if hover {
            let layout = FloatControlsLayout(kind: room?.kind == .call ? .call : .live,
                                             size: Size(width: Double(float.width), height: Double(float.height)),
                                             scale: m.scale)
            for placement in layout.placements {
                if let control = FloatControl(placement.control) {
                    buttons.append(Hotspot(rect: PixelRect(placement.rect), target: control))
                } else {
                    nameRect = PixelRect(placement.rect)
                }
            }
        }
        var name: String?
        if case .call(let ps) = room?.media, source < ps.count { name = ps[source].name }
        var model = FloatViewModel(
            isCall: room?.kind == .call, source: source, speakerName: name,
            overlay: overlay,
            muted: open?.muted ?? false, volume: open?.volume ?? 1, paused: open?.paused ?? false,
            hover: hover, hovered: float.hovered, small: float.width < m.px(240), buttons: buttons,
            nameRect: nameRect, sliderInset: m.px(8), strip: motion?.stashStrip.map(StashStripModel.init),
            videoCoversWindow: Self.covers(width: float.width, height: float.height, aspect: id.map(videoAspect) ?? 16.0 / 9.0))
        model.isRecording = open?.recording != nil
        if let call, call.room == id {
            model.microphoneMuted = call.sendingState.microphoneMuted
            let remote = open.flatMap { $0.remote.indices.contains(source) ? $0.remote[source] : nil }
            if remote?.cameraOff == true { model.cameraOffName = name }
            model.speakerMuted = remote?.microphoneMuted == true
            if open?.sources.isEmpty == true {
                model.showsSelf = true
                model = model.named(call.identity.name)
            }
        }
        return model
    }

    /// Whether a picture of `aspect` (width / height) letterboxed in a `width`x`height` window
    /// would leave bars of at most one pixel on each side: then it covers the window instead.
    static func covers(width: Int, height: Int, aspect: Double) -> Bool {
        guard width > 0, height > 0, aspect > 0 else { return true }
        let fitted = (width: min(Double(width), Double(height) * aspect), height: min(Double(height), Double(width) / aspect))
        return Double(width) - fitted.width <= 2 && Double(height) - fitted.height <= 2
    }

    /// The toasts laid out from the bottom of the main window up, newest lowest; each pill is
    /// as wide as `measure` says its text is, within the window. A toast with an action is a
    /// fixed width (its button's place must not hang on a text's measure) with the button at
    /// its trailing end.
    public func toastLayout(now: Double, measure: TextMeasure? = nil) -> [ToastModel] {
        let m = environment.metrics
        let controls = roomViewShown && controlsVisible(now: now)
        var y = main.height - (controls ? m.px(Self.controlBarHeight) : 0) - (roomViewShown ? 0 : listNoticeHeight) - m.px(16)
        var out: [ToastModel] = []
        for toast in toasts.reversed() {
            let h = m.px(40)
            y -= h
            let buttonW = toast.action == nil ? 0 : m.px(Self.toastButtonWidth)
            let textW = toast.action == nil ? (measure ?? m.width)(toast.message, TextStyle(size: 15)) : m.px(300)
            let w = min(main.width - m.px(32), textW + buttonW + m.px(40))
            let pill = PixelRect((main.width - w) / 2, y, w, h)
            let button = toast.action.map { _ in
                environment.direction == .rightToLeft ? PixelRect(pill.x + m.px(6), y + m.px(6), buttonW, h - m.px(12))
                    : PixelRect(pill.maxX - m.px(6) - buttonW, y + m.px(6), buttonW, h - m.px(12))
            }
            let textX = environment.direction == .rightToLeft ? pill.x + m.px(20) + buttonW : pill.x + m.px(20)
            out.append(ToastModel(message: toast.message, pill: pill,
                                  text: PixelRect(textX, y, max(0, w - m.px(40) - buttonW), h),
                                  opacity: min(1, max(0, (toast.until - now) / Toast.fade)),
                                  action: toast.action, button: button))
            y -= m.px(8)
        }
        return out
    }

    /// A toast button's width, in unscaled pixels.
    static let toastButtonWidth = 84

    /// The action of the toast button at window point (x, y), if one is there.
    func toastAction(at x: Int, _ y: Int, now: Double) -> ToastAction? {
        toastLayout(now: now).first { $0.button?.contains(x, y) == true }?.action
    }
}

/// One toast as drawn: a pill as wide as its text, centred across the window.
public struct ToastModel: Hashable, Sendable {
    public let message: String
    /// The pill.
    public let pill: PixelRect
    /// Where the message is drawn in it (vertically centred, shortened when wider).
    public let text: PixelRect
    /// 0...1, fading out in the last ``Toast/fade`` seconds.
    public let opacity: Double
    /// What the toast's button does, and where the button is; nil for a toast without one.
    public let action: ToastAction?
    public let button: PixelRect?
}

extension FloatControl {
    /// The control a layout placement stands for; nil for the speaker's name, a label.
    init?(_ control: FloatControlsLayout.Control) {
        switch control {
        case .restore: self = .restore
        case .close: self = .close
        case .mute: self = .mute
        case .volume: self = .volume
        case .leave: self = .leave
        case .speakerName: return nil
        }
    }
}
