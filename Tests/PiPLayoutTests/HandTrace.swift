import Foundation

/// A pointer event of a hand-made gesture: where (screen pixels, whole like X's) and when
/// (seconds from the press, whole milliseconds like X server times).
struct HandEvent: Equatable {
    /// What the event is.
    enum Kind: Equatable {
        case press, move, release
    }

    let kind: Kind
    let x: Double
    let y: Double
    let time: Double
}

/// The place a person meant a gesture to leave the float: a corner (raw values as the state
/// file spells them), a stash behind the left or right edge, or dropped on the dismiss target.
enum HandGoal: Equatable, CustomStringConvertible {
    case corner(String)
    case stash(left: Bool)
    case dismiss

    var description: String {
        switch self {
        case .corner(let name): name
        case .stash(let left): left ? "stash left" : "stash right"
        case .dismiss: "dismiss"
        }
    }
}

/// The screen a gesture is made on: the usable area, the float's size and its margin, all in
/// screen pixels; the float rests at a corner of the usable area inset by the margin.
struct HandArena {
    var usableX: Double, usableY: Double, usableWidth: Double, usableHeight: Double
    var floatWidth: Double, floatHeight: Double
    /// The dismiss target's centre and the distance from it within which it pulls the float.
    var dismissX: Double, dismissY: Double, dismissReach: Double
    var margin = 16.0

    /// The float's centre resting at a corner.
    func restingCentre(left: Bool, top: Bool) -> (x: Double, y: Double) {
        (
            left ? usableX + margin + floatWidth / 2 : usableX + usableWidth - margin - floatWidth / 2,
            top ? usableY + margin + floatHeight / 2 : usableY + usableHeight - margin - floatHeight / 2
        )
    }

    /// The corner nearest a float centred at (`x`, `y`), by the middle of the usable area.
    func nearestCorner(x: Double, y: Double) -> HandGoal {
        HandTrace.cornerGoal(left: x < usableX + usableWidth / 2, top: y < usableY + usableHeight / 2)
    }
}

/// A press, moves and release paced like a person's hand, and what the person meant.
///
/// Flings go from a resting corner toward another corner: the speed along each moving axis
/// builds up over 80-200 ms (a raised cosine, as a hand accelerates) to 900-2400 px/s, the
/// heading wavers within ±8° of the aim (a per-gesture bias plus per-event wobble), and the
/// button goes up 0-12 ms after the last motion event without moving. Slow drags take the
/// float anywhere and rest 250-300 ms before release; they mean the nearest corner. Stash
/// flings go sideways at 3500-5000 px/s toward an edge; stash drags leave the float more than
/// half off a side edge and rest; dismiss drags rest with the float's centre well inside the
/// dismiss target's pull (slow drags meaning a corner end well clear of it). Fast sideways flings (2400-2800 px/s) aim at the adjacent
/// corner and must never stash. Motion events come at the device's `rate` (125 Hz mouse, 60 Hz
/// touchpad, 1000 Hz gaming mouse) and only when the whole-pixel position changed.
struct HandTrace {
    /// The kind of gesture.
    enum Kind: String, CaseIterable {
        case fling, fastSideways, slow, stashFling, stashDrag, dismiss
    }

    let kind: Kind
    /// The corner the float rests at before the gesture.
    let start: HandGoal
    let events: [HandEvent]
    let meant: HandGoal

    static func cornerGoal(left: Bool, top: Bool) -> HandGoal {
        .corner((top ? "top_" : "bottom_") + (left ? "left" : "right"))
    }

    /// The same gesture with each event read up to `delay` seconds late and stamped in whole
    /// milliseconds, as an X server on a loaded machine does; the order of events stays.
    func lateBy(upTo delay: Double, using random: inout some RandomNumberGenerator) -> HandTrace {
        var last = -Double.infinity
        let late = events.map { event -> HandEvent in
            let time = max(last, ((event.time + Double.random(in: 0...delay, using: &random)) * 1000).rounded() / 1000)
            last = time
            return HandEvent(kind: event.kind, x: event.x, y: event.y, time: time)
        }
        return HandTrace(kind: kind, start: start, events: late, meant: meant)
    }

    /// A random trace of `kind` on `arena` at `rate` Hz.
    static func make(
        _ kind: Kind, on arena: HandArena, rate: Double, using random: inout some RandomNumberGenerator
    ) -> HandTrace {
        var maker = HandTraceMaker(arena: arena, rate: rate)
        switch kind {
        case .fling: return maker.fling(using: &random)
        case .fastSideways: return maker.fastSideways(using: &random)
        case .slow: return maker.slow(using: &random)
        case .stashFling: return maker.stashFling(using: &random)
        case .stashDrag: return maker.stashDrag(using: &random)
        case .dismiss: return maker.dismiss(using: &random)
        }
    }
}

/// Builds the traces of ``HandTrace`` on one arena at one event rate.
struct HandTraceMaker {
    /// The largest deviation of the heading from the aim.
    static let maxJitter = 8.0 * Double.pi / 180

    let arena: HandArena
    let rate: Double
    private var events: [HandEvent] = []
    private var x = 0.0, y = 0.0, time = 0.0

    init(arena: HandArena, rate: Double) {
        self.arena = arena
        self.rate = rate
    }

    mutating func fling(using random: inout some RandomNumberGenerator) -> HandTrace {
        let left = Bool.random(using: &random), top = Bool.random(using: &random)
        let (column, row) = [(true, false), (false, true), (true, true)].randomElement(using: &random)!
        let vx = column ? Double.random(in: 900...2400, using: &random) * (left ? 1 : -1) : 0
        let vy = row ? Double.random(in: 900...2400, using: &random) * (top ? 1 : -1) : 0
        let meant = HandTrace.cornerGoal(left: left != column, top: top != row)
        return thrown(.fling, left: left, top: top, vx: vx, vy: vy, meant: meant, using: &random)
    }

    mutating func fastSideways(using random: inout some RandomNumberGenerator) -> HandTrace {
        let left = Bool.random(using: &random), top = Bool.random(using: &random)
        let vx = Double.random(in: 2400...2800, using: &random) * (left ? 1 : -1)
        let meant = HandTrace.cornerGoal(left: !left, top: top)
        return thrown(.fastSideways, left: left, top: top, vx: vx, vy: 0, meant: meant, using: &random)
    }

    mutating func stashFling(using random: inout some RandomNumberGenerator) -> HandTrace {
        let toLeft = Bool.random(using: &random), top = Bool.random(using: &random)
        let vx = Double.random(in: 3500...5000, using: &random) * (toLeft ? -1 : 1)
        return thrown(.stashFling, left: !toLeft, top: top, vx: vx, vy: 0, meant: .stash(left: toLeft), using: &random)
    }

    mutating func slow(using random: inout some RandomNumberGenerator) -> HandTrace {
        let left = Bool.random(using: &random), top = Bool.random(using: &random)
        let (grabX, grabY) = press(left: left, top: top, using: &random)
        let a = arena
        let midX = a.usableX + a.usableWidth / 2, midY = a.usableY + a.usableHeight / 2
        let spanX = a.usableWidth / 2 - a.margin - a.floatWidth / 2
        let spanY = a.usableHeight / 2 - a.margin - a.floatHeight / 2
        // Not within 8 px of the middle, where no corner is the nearer one, nor near the dismiss target.
        var centreX = midX, centreY = midY
        repeat {
            centreX = midX + Double.random(in: 8...spanX, using: &random) * (Bool.random(using: &random) ? 1 : -1)
            centreY = midY + Double.random(in: 8...spanY, using: &random) * (Bool.random(using: &random) ? 1 : -1)
        } while hypot(centreX - a.dismissX, centreY - a.dismissY) < 2 * a.dismissReach
        glide(toX: centreX + grabX, y: centreY + grabY, using: &random)
        release(after: Double.random(in: 0.25...0.3, using: &random))
        let meant = arena.nearestCorner(x: x - grabX, y: y - grabY)
        return HandTrace(kind: .slow, start: HandTrace.cornerGoal(left: left, top: top), events: events, meant: meant)
    }

    mutating func dismiss(using random: inout some RandomNumberGenerator) -> HandTrace {
        let left = Bool.random(using: &random), top = Bool.random(using: &random)
        let (grabX, grabY) = press(left: left, top: top, using: &random)
        let angle = Double.random(in: 0...(2 * .pi), using: &random)
        let off = Double.random(in: 0...(arena.dismissReach * 0.7), using: &random)
        glide(toX: arena.dismissX + off * cos(angle) + grabX, y: arena.dismissY + off * sin(angle) + grabY, using: &random)
        release(after: Double.random(in: 0.25...0.3, using: &random))
        return HandTrace(kind: .dismiss, start: HandTrace.cornerGoal(left: left, top: top), events: events, meant: .dismiss)
    }

    mutating func stashDrag(using random: inout some RandomNumberGenerator) -> HandTrace {
        let left = Bool.random(using: &random), top = Bool.random(using: &random)
        let a = arena
        // Grab between the centre and the inner edge, so the pointer stays on screen with the
        // centre more than 10 px off it.
        let inner = Double.random(in: 0.15...0.4, using: &random) * a.floatWidth
        let grabX = left ? inner : -inner
        _ = press(left: left, top: top, grabX: grabX, using: &random)
        let beyond = Double.random(in: 10...(inner - 12), using: &random)
        let pointerX = left ? a.usableX - beyond + grabX : a.usableX + a.usableWidth + beyond + grabX
        let spanY = a.usableHeight / 2 - a.margin - a.floatHeight / 2
        let pointerY = y + Double.random(in: 0...spanY, using: &random) * (top ? 1 : -1)
        glide(toX: pointerX, y: pointerY, using: &random)
        release(after: Double.random(in: 0.25...0.3, using: &random))
        return HandTrace(
            kind: .stashDrag, start: HandTrace.cornerGoal(left: left, top: top), events: events,
            meant: .stash(left: left))
    }
}

extension HandTraceMaker {
    /// Presses on the float resting at a corner, `grabX` right of its centre (random when `nil`);
    /// returns the grab offset from the float's centre.
    fileprivate mutating func press(
        left: Bool, top: Bool, grabX: Double? = nil, using random: inout some RandomNumberGenerator
    ) -> (x: Double, y: Double) {
        let centre = arena.restingCentre(left: left, top: top)
        let grab = (
            x: grabX ?? Double.random(in: -0.4...0.4, using: &random) * arena.floatWidth,
            y: Double.random(in: -0.4...0.4, using: &random) * arena.floatHeight)
        x = (centre.x + grab.x).rounded()
        y = (centre.y + grab.y).rounded()
        time = 0
        events = [HandEvent(kind: .press, x: x, y: y, time: 0)]
        return (x - centre.x, y - centre.y)
    }

    /// A throw from the corner (`left`, `top`) aimed at velocity (`vx`, `vy`) px/s.
    mutating func thrown(
        _ kind: HandTrace.Kind, left: Bool, top: Bool, vx: Double, vy: Double, meant: HandGoal,
        using random: inout some RandomNumberGenerator
    ) -> HandTrace {
        _ = press(left: left, top: top, using: &random)
        let speed = (vx * vx + vy * vy).squareRoot()
        let rampTime = Double.random(in: 0.08...0.2, using: &random)
        let start = Double.random(in: 0.02...0.12, using: &random)
        // Distance along the path after t seconds of a raised-cosine speed ramp up to `speed`.
        let distance = { (t: Double) in speed * (t / 2 - rampTime / (2 * .pi) * sin(.pi * t / rampTime)) }
        let ticks = Int((rampTime * rate).rounded(.down))
        move(aim: atan2(vy, vx), times: (0...ticks).reversed().map { rampTime - Double($0) / rate },
             from: start, distance: distance, using: &random)
        release(after: Double.random(in: 0...0.012, using: &random))
        return HandTrace(kind: kind, start: HandTrace.cornerGoal(left: left, top: top), events: events, meant: meant)
    }

    /// A slow, smooth drag (minimum-jerk, 150-600 px/s on average) to (`toX`, `toY`).
    fileprivate mutating func glide(toX: Double, y toY: Double, using random: inout some RandomNumberGenerator) {
        let dx = toX - x, dy = toY - y
        let length = (dx * dx + dy * dy).squareRoot()
        let duration = max(length / Double.random(in: 150...600, using: &random), 0.1)
        let distance = { (t: Double) in
            let s = t / duration
            return length * s * s * s * (10 - 15 * s + 6 * s * s)
        }
        let ticks = Int((duration * rate).rounded(.down))
        move(aim: atan2(dy, dx), times: (0...ticks).map { Double($0) / rate }, from: time + 0.05,
             distance: distance, using: &random)
        // The eye steers the last pixels: the drag ends where the person aimed it.
        if x != toX.rounded() || y != toY.rounded() {
            x = toX.rounded()
            y = toY.rounded()
            time = ((time + 1 / rate) * 1000).rounded(.up) / 1000
            events.append(HandEvent(kind: .move, x: x, y: y, time: time))
        }
    }

    /// Motion events at `times` (s after `from`) along `aim`, `distance(t)` along the path,
    /// each step's heading off the aim by a per-gesture bias plus wobble, within ±8°.
    private mutating func move(
        aim: Double, times: [Double], from start: Double, distance: (Double) -> Double,
        using random: inout some RandomNumberGenerator
    ) {
        let limit = Self.maxJitter
        let bias = Double.random(in: -limit...limit, using: &random)
        var exactX = x, exactY = y
        var previous = 0.0
        for t in times where t > 0 {
            let heading = aim + min(max(bias + Double.random(in: -limit...limit, using: &random), -limit), limit)
            let step = distance(t) - distance(previous)
            previous = t
            exactX += step * cos(heading)
            exactY += step * sin(heading)
            let eventTime = ((start + t) * 1000).rounded() / 1000
            guard exactX.rounded() != x || exactY.rounded() != y, eventTime > time else { continue }
            x = exactX.rounded()
            y = exactY.rounded()
            time = eventTime
            events.append(HandEvent(kind: .move, x: x, y: y, time: time))
        }
    }

    /// The button goes up `delay` seconds after the last event, where the pointer is.
    fileprivate mutating func release(after delay: Double) {
        time = ((time + delay) * 1000).rounded() / 1000
        events.append(HandEvent(kind: .release, x: x, y: y, time: time))
    }
}
