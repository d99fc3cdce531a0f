import Foundation
import TestSupport

/// Seeded human-like pointer gestures on the float, with a mouse's rhythm: reports at 125 Hz,
/// speed building up over 80-200 ms to 900-2,400 px/s in a direction within ±8° of the
/// aimed one, and the button released 0-12 ms after the last report.
///
/// A fling aims from one resting place of the float at another and carries the hand far enough
/// that, projected along the release velocity for half a second (SPEC P7), the float's centre
/// covers at least 70% of the way along each axis that changes, well past the work area's
/// middle: the person clearly meant that corner.
struct FlingGenerator {
    /// Seconds between motion reports of a 125 Hz mouse.
    static let reportInterval: TimeInterval = 0.008
    /// Seconds a resting pointer stays still before a slow release.
    static let restBeforeSlowRelease: TimeInterval = 0.25

    private var random: SeededRandom

    /// A generator whose gestures all follow from `seed`.
    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    /// A fling pressed at `press` aimed along `aim` (the vector between the float's centres at
    /// the corner it leaves and the corner meant), kept inside `bounds`.
    mutating func fling(from press: DesktopPoint, aim: (dx: Double, dy: Double), within bounds: DesktopRect)
        -> PointerTrace
    {
        let peak = Double.random(in: 900...2400, using: &random)
        let rampTime = Double.random(in: 0.08...0.2, using: &random)
        let jitter = Double.random(in: -8...8, using: &random)
        let heading = atan2(aim.dy, aim.dx) + jitter * .pi / 180
        let aimLength = (aim.dx * aim.dx + aim.dy * aim.dy).squareRoot()
        // The hand's travel plus the half-second projection reaches 70-100% of the way, and at
        // least 70% of it along each axis that changes, whatever the jitter.
        var reach = aimLength * Double.random(in: 0.7...1.0, using: &random)
        for (along, heading) in [(aim.dx, cos(heading)), (aim.dy, sin(heading))] where abs(along) > 1 {
            reach = max(reach, 0.7 * abs(along) / max(abs(heading), 0.05))
        }
        let travel = max(0, reach - peak * 0.5)
        var samples: [PointerTrace.Sample] = []
        var distance = 0.0
        var time = 0.0
        repeat {
            time += Self.reportInterval
            let ramp = min(1, time / rampTime)
            distance += peak * ramp * ramp * (3 - 2 * ramp) * Self.reportInterval
            let point = DesktopPoint(
                x: press.x + Int((cos(heading) * distance).rounded()),
                y: press.y + Int((sin(heading) * distance).rounded()))
            guard bounds.contains(point) else { break }
            samples.append(PointerTrace.Sample(time: time, point: point))
        } while time < rampTime || distance < travel
        let note = String(
            format: "(fling: peak %.0f px/s after %.0f ms, %+.1f° off aim, travel %.0f px)",
            peak, rampTime * 1000, jitter, distance)
        return PointerTrace(
            press: press, samples: samples, releaseDelay: Double.random(in: 0...0.012, using: &random), note: note)
    }

    /// A slow drag from `press` to `end` at 500-900 px/s (eased in and out), resting 250 ms
    /// before the release.
    mutating func slowDrag(from press: DesktopPoint, to end: DesktopPoint) -> PointerTrace {
        let dx = Double(end.x - press.x)
        let dy = Double(end.y - press.y)
        let speed = Double.random(in: 500...900, using: &random)
        let duration = max(0.1, (dx * dx + dy * dy).squareRoot() / speed)
        let count = Int((duration / Self.reportInterval).rounded(.up))
        let samples = (1...count).map { step -> PointerTrace.Sample in
            let fraction = Double(step) / Double(count)
            let eased = fraction * fraction * (3 - 2 * fraction)
            return PointerTrace.Sample(
                time: Double(step) * Self.reportInterval,
                point: DesktopPoint(x: press.x + Int((dx * eased).rounded()), y: press.y + Int((dy * eased).rounded())))
        }
        let note = String(format: "(slow drag at %.0f px/s, rests %.0f ms)", speed, Self.restBeforeSlowRelease * 1000)
        return PointerTrace(press: press, samples: samples, releaseDelay: Self.restBeforeSlowRelease, note: note)
    }

    /// A whole number in `range`, from the same seeded sequence (to pick corners and grab points).
    mutating func pick(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &random)
    }
}
