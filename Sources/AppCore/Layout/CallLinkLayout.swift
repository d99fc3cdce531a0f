import Localization
import Rooms

/// The confirmation before joining a call from an invite link (W13), as the main window paints
/// it: a dimmed window, and a box naming the call and its server with Join and Cancel.
public struct CallLinkViewModel: Hashable, Sendable {
    /// The box, centred in the window.
    public let box: PixelRect
    /// The question.
    public let heading: TextBox
    /// The call, the server (its title and host) and what joining sends, one line each.
    public let lines: [TextBox]
    /// The Join button (the default: Enter) and its label.
    public let join: TextBox
    /// The Cancel button (Esc) and its label.
    public let cancel: TextBox
    /// The button under the pointer.
    public let hovered: CallLinkButton?
    /// Where each button is.
    public let controls: [Hotspot<CallLinkButton>]
    /// The view's direction (X5): right to left, every rectangle is mirrored and the text sits
    /// at the right.
    public let direction: TextDirection
}

extension AppState {
    /// The call-link confirmation while it shows, laid out for the main window's size and the
    /// language's direction; nil while nothing is asked.
    public func callLinkLayout() -> CallLinkViewModel? {
        guard let question = callLinks.asking else { return nil }
        let m = environment.metrics
        let pad = m.px(20), lineH = m.px(24), buttonH = m.px(40), buttonW = m.px(120)
        let texts = [tr("Call: %s", question.title),
                     tr("Server: %1$s (%2$s)", question.server.title, question.server.host),
                     tr("Your camera and microphone go out only if you join.")]
        let width = min(main.width - m.px(32), m.px(480))
        let height = pad + m.px(30) + m.px(8) + lineH * texts.count + m.px(16) + buttonH + pad
        let box = PixelRect((main.width - width) / 2, max(m.px(16), (main.height - height) / 2), width, height)
        let inner = box.w - 2 * pad
        let heading = TextBox(tr("Join a call from a link?"), PixelRect(box.x + pad, box.y + pad, inner, m.px(30)))
        let lines = texts.enumerated().map { index, text in
            TextBox(text, PixelRect(box.x + pad, heading.rect.maxY + m.px(8) + index * lineH, inner, lineH))
        }
        let buttonY = box.maxY - pad - buttonH
        let join = TextBox(tr("Join"), PixelRect(box.maxX - pad - buttonW, buttonY, buttonW, buttonH))
        let cancel = TextBox(tr("Cancel"), PixelRect(join.rect.x - m.px(12) - buttonW, buttonY, buttonW, buttonH))
        let model = CallLinkViewModel(
            box: box, heading: heading, lines: lines, join: join, cancel: cancel, hovered: callLinks.hovered,
            controls: [Hotspot(rect: join.rect, target: .join), Hotspot(rect: cancel.rect, target: .cancel)],
            direction: .leftToRight)
        return environment.direction == .rightToLeft ? model.mirrored(within: main.width) : model
    }
}

extension CallLinkViewModel {
    /// The view for a right-to-left language: every rectangle reflected across the window's
    /// centre line, so Join sits at the left, Cancel to its right, and the text at the right.
    func mirrored(within width: Int) -> CallLinkViewModel {
        CallLinkViewModel(
            box: box.mirrored(within: width), heading: heading.mirrored(within: width),
            lines: lines.map { $0.mirrored(within: width) }, join: join.mirrored(within: width),
            cancel: cancel.mirrored(within: width), hovered: hovered,
            controls: controls.map { Hotspot(rect: $0.rect.mirrored(within: width), target: $0.target) },
            direction: .rightToLeft)
    }
}
