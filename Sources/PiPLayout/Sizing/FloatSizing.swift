import Foundation

/// The float's size rules: a default width fraction, the video aspect ratio, and limits.
///
/// The width is a fraction of the usable width, the height follows the aspect ratio. The size
/// never drops below ``minimumSize`` nor exceeds half the usable area in either dimension;
/// when both cannot hold (a tiny display or an extreme aspect) the upper limit wins, so the
/// float always fits on screen.
public enum FloatSizing {
    /// Width as a fraction of the usable width the first time the float appears.
    public static let defaultWidthFraction = 0.25
    /// The smallest float.
    public static let minimumSize = Size(width: 160, height: 90)
    /// The largest float as a fraction of the usable area in each dimension.
    public static let maximumFraction = 0.5
    /// Aspect ratio (width / height) used for calls and when a video reports none.
    public static let defaultAspect = 16.0 / 9.0
    /// Aspect ratios are clamped into this range.
    public static let aspectRange = 0.25...4.0
    /// Growth factor of one resize step.
    public static let stepFactor = 1.1

    /// A usable aspect ratio: `aspect` clamped into ``aspectRange``, or ``defaultAspect`` when it
    /// is not a positive finite number.
    public static func sanitized(aspect: Double) -> Double {
        guard aspect.isFinite, aspect > 0 else { return defaultAspect }
        return min(max(aspect, aspectRange.lowerBound), aspectRange.upperBound)
    }

    /// The allowed widths for `aspect` on a usable area of `usable` size.
    public static func widthRange(aspect: Double, usable: Size) -> ClosedRange<Double> {
        let ratio = sanitized(aspect: aspect)
        let upper = max(min(usable.width * maximumFraction, usable.height * maximumFraction * ratio), 0)
        let lower = min(max(minimumSize.width, minimumSize.height * ratio), upper)
        return lower...upper
    }

    /// The size of a float `width` wide (clamped to the limits) with `aspect`.
    public static func size(width: Double, aspect: Double, usable: Size) -> Size {
        let ratio = sanitized(aspect: aspect)
        let range = widthRange(aspect: ratio, usable: usable)
        let requested = width.isNaN ? range.lowerBound : width
        let clamped = min(max(requested, range.lowerBound), range.upperBound)
        return Size(width: clamped, height: clamped / ratio)
    }

    /// The size for a width fraction of the usable width, with `aspect`, clamped to the limits.
    public static func size(widthFraction: Double, aspect: Double, usable: Size) -> Size {
        size(width: widthFraction * usable.width, aspect: aspect, usable: usable)
    }

    /// The size after `steps` resize steps of 10% (negative steps shrink) from `current`.
    public static func resized(_ current: Size, steps: Int, aspect: Double, usable: Size) -> Size {
        size(width: current.width * pow(stepFactor, Double(steps)), aspect: aspect, usable: usable)
    }
}
