import PiPLayout

/// What the float shows (P5) and where: video only, a small LIVE badge, or the active
/// speaker's name; on hover, the overlay buttons.
public struct FloatViewModel: Hashable, Sendable {
    public let isCall: Bool
    /// The participant shown (0 for a live room).
    public let source: Int
    public let speakerName: String?
    /// The shown source's status, with the reconnect countdown (W5).
    public let status: PlaybackStatus
    public let muted: Bool
    /// Whether the overlay buttons show.
    public let hover: Bool
    public let hovered: FloatControl?
    /// Whether the float is small enough for small buttons and badges.
    public let small: Bool
    /// The overlay buttons (none unless hovered).
    public let buttons: [Hotspot<FloatControl>]
}

extension AppState {
    /// The float's view for its current size.
    public func floatLayout(now: Double) -> FloatViewModel {
        let m = environment.metrics
        let id = session.floatingRoomID
        let open = id.flatMap { rooms[$0] }
        let room = id.flatMap { session.room($0) }
        let source = floatSource
        let status = open.flatMap { $0.sources.indices.contains(source) ? $0.sources[source] : nil } ?? .connecting
        let hover = float.hover && !float.pointerDown && !floatIsStashed
        let small = float.width < m.px(240)
        var buttons: [Hotspot<FloatControl>] = []
        if hover {
            let b = m.px(small ? 26 : 32), m6 = m.px(6)
            buttons = [
                Hotspot(rect: PixelRect(m6, m6, b, b), target: .restore),
                Hotspot(rect: PixelRect(float.width - b - m6, m6, b, b), target: .close),
                Hotspot(rect: PixelRect(m6, float.height - b - m6, b, b), target: .mute),
            ]
        }
        var name: String?
        if case .call(let ps) = room?.media, source < ps.count { name = ps[source].name }
        return FloatViewModel(
            isCall: room?.kind == .call, source: source, speakerName: name,
            status: id.map { shownStatus(status, of: $0, now: now) } ?? status,
            muted: open?.muted ?? false, hover: hover, hovered: float.hovered, small: small, buttons: buttons)
    }

    /// The toasts laid out from the bottom of the main window up, newest lowest.
    public func toastLayout(now: Double) -> [ToastModel] {
        let m = environment.metrics
        let controls = roomLayout(now: now)?.controlsVisible == true
        var y = main.height - (controls ? m.px(Self.controlBarHeight) : 0) - m.px(16)
        var out: [ToastModel] = []
        for toast in toasts.reversed() {
            let h = m.px(40)
            y -= h
            out.append(ToastModel(message: toast.message, y: y, height: h, maxWidth: main.width - m.px(32),
                                  opacity: min(1, max(0, (toast.until - now) / Toast.fade))))
            y -= m.px(8)
        }
        return out
    }
}

/// One toast as drawn: a pill centred at `y`, as wide as its text allows.
public struct ToastModel: Hashable, Sendable {
    public let message: String
    /// The pill's top edge.
    public let y: Int
    public let height: Int
    /// The widest the pill may be.
    public let maxWidth: Int
    /// 0...1, fading out in the last ``Toast/fade`` seconds.
    public let opacity: Double
}
