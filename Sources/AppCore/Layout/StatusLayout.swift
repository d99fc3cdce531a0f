import EngineTerms
import Localization
import Session

/// A text's width in pixels when drawn in a style; the shell measures with its fonts.
public typealias TextMeasure = (String, TextStyle) -> Int

/// A source's status drawn over its picture (W5), laid out: the painter only fills,
/// spins and draws text in these rectangles.
public struct StatusOverlayModel: Hashable, Sendable {
    /// The colour a part is drawn in, by meaning.
    public enum Tone: Hashable, Sendable {
        case text, dim, warn, error
    }

    /// A line of text, drawn from the left of its rectangle, centred vertically, shortened
    /// with an ellipsis when wider.
    public struct Caption: Hashable, Sendable {
        public let text: String
        public let rect: PixelRect
        public let style: TextStyle
        public let tone: Tone
    }

    /// A busy spinner: its centre and radius.
    public struct Spinner: Hashable, Sendable {
        public let x: Int
        public let y: Int
        public let radius: Int
        public let tone: Tone
    }

    /// The area the status covers.
    public let area: PixelRect
    /// Whether the picture under the status is dimmed (it is blacked out when there is none).
    public let dims: Bool
    public let spinner: Spinner?
    public let captions: [Caption]
    /// The Retry button, when the status is a failure the view can retry, or an end the full view can open again.
    public let retry: PixelRect?
    /// The words on the Retry button: "Play again" under a recording's end (D8).
    public var retryLabel = UIMetrics.retry
}

/// Lays out status overlays: the full one of a live room's stage, and the compact one of a
/// call tile or the float.
struct StatusLayout {
    let metrics: UIMetrics
    let measure: TextMeasure

    /// The overlay for `status` in `area` (nil while playing); `retry` asks for a Retry button on failure
    /// (and, in the full view, at the end: Play again for a `recording`).
    func overlay(_ status: PlaybackStatus, in area: PixelRect, compact: Bool, retry: Bool,
                 recording: Bool = false) -> StatusOverlayModel? {
        let m = metrics
        let style = TextStyle(size: compact ? 11 : 15, bold: true)
        let spin = m.px(compact ? 10 : 22)
        let cy = area.y + area.h / 2
        func busy(_ text: String, _ tone: StatusOverlayModel.Tone, dims: Bool) -> StatusOverlayModel {
            let spinner = StatusOverlayModel.Spinner(x: area.x + area.w / 2, y: cy - spin, radius: spin, tone: tone)
            let caption = centred(text, style, y: cy + spin / 2, height: m.px(30), in: area, tone: .text)
            return StatusOverlayModel(area: area, dims: dims, spinner: spinner, captions: [caption], retry: nil)
        }
        switch status {
        case .playing, .idle:
            return nil
        case .connecting:
            return busy(tr("Connecting…"), .text, dims: false)
        case .buffering(let percent):
            return busy(percent.map { tr("Buffering %d%%", $0) } ?? tr("Buffering…"), .text, dims: false)
        case .reconnecting(let attempt, let next):
            let secs = max(0, Int(next.rounded(.up)))
            return busy(tr("Reconnecting (attempt %d), next try in %d s", attempt, secs), .warn, dims: true)
        case .ended:
            // The full view offers to open an ended room again (a recording plays from its start, D8).
            let again = retry && !compact
            let label = recording ? UIMetrics.playAgain : UIMetrics.retry
            let caption = centred(tr("Ended"), style, y: cy - m.px(again ? 30 : 15), height: m.px(30), in: area, tone: .dim)
            return StatusOverlayModel(area: area, dims: true, spinner: nil, captions: [caption],
                                      retry: again ? retryButton(in: area, y: cy + m.px(8), label: label) : nil,
                                      retryLabel: label)
        case .failed(let error):
            return failed(error.words, in: area, compact: compact, retry: retry)
        }
    }

    private func failed(_ message: String, in area: PixelRect, compact: Bool, retry: Bool) -> StatusOverlayModel {
        let m = metrics
        let cy = area.y + area.h / 2
        let title = compact ? tr("Error") : tr("Playback error")
        let titleStyle = TextStyle(size: compact ? 11 : 18, bold: true)
        let messageStyle = TextStyle(size: compact ? 11 : 13)
        let top = compact ? cy - m.px(retry ? 40 : 18) : cy - m.px(60)
        let titleH = m.px(compact ? 18 : 26)
        let captions = [
            centred(title, titleStyle, y: top, height: titleH, in: area, tone: .error),
            centred(message, messageStyle, y: top + titleH + m.px(compact ? 2 : 6), height: m.px(compact ? 16 : 22),
                    in: area, tone: .dim),
        ]
        return StatusOverlayModel(area: area, dims: true, spinner: nil, captions: captions,
                                  retry: retry ? retryButton(in: area, y: cy + m.px(compact ? 2 : 8)) : nil)
    }

    /// A caption centred across `area`, as wide as its text (at most the area less a margin).
    private func centred(_ text: String, _ style: TextStyle, y: Int, height: Int, in area: PixelRect,
                         tone: StatusOverlayModel.Tone) -> StatusOverlayModel.Caption {
        let w = max(0, min(area.w - metrics.px(16), measure(text, style)))
        return StatusOverlayModel.Caption(text: text, rect: PixelRect(area.x + (area.w - w) / 2, y, w, height),
                                          style: style, tone: tone)
    }

    /// The Retry button (an icon and its `label`), centred across `area` with its top at `y`.
    private func retryButton(in area: PixelRect, y: Int, label: String = UIMetrics.retry) -> PixelRect {
        let m = metrics
        let h = m.px(36)
        let w = m.width(label, TextStyle(size: 15, bold: true)) + m.px(32) + (h - m.px(12))
        return PixelRect(area.x + (area.w - w) / 2, y, w, h)
    }
}
