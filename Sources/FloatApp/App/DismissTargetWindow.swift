import AppCore
import CSDL
import EngineTerms
import Logging
import PiPLayout

/// The dismiss target's window (P19): a small round window with an ×, at the bottom centre of
/// the work area while the float is dragged. Override-redirect (an SDL tooltip), so it takes no
/// focus, stays out of the taskbar and pager and sits exactly where it is put; shaped to a
/// circle, so no square shows without a compositor. It fades in when shown, lights up while it
/// pulls the float (and is raised above it), and fades out before it is unmapped; under reduced
/// motion (X8) it shows and hides at once.
@MainActor
final class DismissTargetWindow {
    /// How long a fade in or out takes, in seconds.
    static let fade = 0.15

    let window: Window
    let renderer: Renderer
    /// The target shown or fading out; `nil` once hidden.
    private(set) var target: DismissTarget?
    private var fadeStart = 0.0
    private var fadingIn = true
    /// How long the fade in progress takes: ``fade``, or 0 under reduced motion.
    private var fadeLength = fade

    init() throws {
        let size = Int32(2 * DismissTarget.radius)
        let flags = SDL_WINDOW_BORDERLESS.rawValue | SDL_WINDOW_ALWAYS_ON_TOP.rawValue
            | SDL_WINDOW_SKIP_TASKBAR.rawValue | SDL_WINDOW_TOOLTIP.rawValue | SDL_WINDOW_HIDDEN.rawValue
        window = try Window(shapedTitle: "FloatApp - Dismiss", width: size, height: size, flags: flags)
        renderer = try Renderer(window: window, vsync: false)
        X11Hints.setClass(window, instance: "DismissTarget", className: ApplicationID.id, role: "DismissTarget")
        Self.shapeRound(window, size: size)
    }

    /// Whether a fade is in progress (or a faded-out target still waits to be unmapped): the
    /// loop keeps painting until it ends.
    func isFading(now: Double) -> Bool { target != nil && (now - fadeStart < fadeLength || !fadingIn) }

    /// Shows `target` (fading in when it was hidden or fading out, when `fades`), or changes
    /// it; `nil` fades out (or hides it at once).
    func set(_ new: DismissTarget?, now: Double, fades: Bool) {
        fadeLength = fades ? Self.fade : 0
        guard let new else {
            if target != nil, fadingIn { startFade(in: false, now: now) }
            return
        }
        let wasShown = target != nil && fadingIn
        target = new
        let f = new.frame
        window.setFrame(x: Int32(f.minX.rounded()), y: Int32(f.minY.rounded()), width: Int32(f.width), height: Int32(f.height))
        if !wasShown {
            startFade(in: true, now: now)
            window.show()
        }
        if new.isPulling { X11Hints.raise(window) }
        paint(now: now)
    }

    /// Paints the target at its fade's point; unmaps it once faded out.
    func paint(now: Double) {
        guard window.isShown || fadingIn else {
            target = nil
            return
        }
        guard let target else { return }
        let t = fadeLength > 0 ? min(1, max(0, (now - fadeStart) / fadeLength)) : 1
        let opacity = fadingIn ? t : 1 - t
        if !fadingIn, t >= 1 {
            window.hide()
            self.target = nil
            return
        }
        window.setOpacity(Float(max(0.05, opacity)))
        draw(pulling: target.isPulling, opacity: opacity)
    }

    private func startFade(in fadeIn: Bool, now: Double) {
        fadingIn = fadeIn
        fadeStart = now
    }

    private func draw(pulling: Bool, opacity: Double) {
        let size = Int32(2 * DismissTarget.radius)
        // Without a compositor the window cannot be see-through: the fade runs from the dark
        // surface colour up to the target's own.
        let base = pulling ? Theme.live : Theme.surfaceHover
        let ring = pulling ? Theme.text : Theme.textDim
        renderer.clear(Theme.background)
        renderer.fillCircle(cx: size / 2, cy: size / 2, radius: size / 2, Self.mix(Theme.background, ring, opacity))
        renderer.fillCircle(cx: size / 2, cy: size / 2, radius: size / 2 - 3, Self.mix(Theme.background, base, opacity))
        let cross = size * 3 / 8
        Glyph.close.draw(renderer, in: SDL_Rect((size - cross) / 2, (size - cross) / 2, cross, cross),
                         color: Self.mix(Theme.background, Theme.text, opacity))
        renderer.present()
    }

    private static func mix(_ a: Color, _ b: Color, _ t: Double) -> Color {
        func c(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) + (Double(y) - Double(x)) * t).rounded()) }
        return Color(r: c(a.r, b.r), g: c(a.g, b.g), b: c(a.b, b.b))
    }

    /// Cuts the window to a circle (the X shape extension, through SDL).
    private static func shapeRound(_ window: Window, size: Int32) {
        let r = Double(size) / 2
        do throws(SDLError) {
            let disc = try Surface(width: size, height: size)
            disc.fill { x, y in
                let dx = Double(x) + 0.5 - r, dy = Double(y) + 0.5 - r
                return dx * dx + dy * dy <= r * r ? 0xFFFF_FFFF : 0
            }
            try window.setShape(disc, alphaCutoff: 128)
        } catch {
            Log.debug("the dismiss target stays square: \(error.message)")
        }
    }
}
