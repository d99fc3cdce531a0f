/// The factor FloatApp draws at, as the desktop asks for it, and where that came from.
///
/// Precedence: `FLOATAPP_SCALE`, then `GDK_SCALE`, then the X resource `Xft.dpi` (96 dpi is
/// 1x, 192 is 2x), else 1. Fractional factors are kept; the result is clamped to `range`.
/// Values that are not positive numbers are skipped as if unset.
public struct DesktopScale: Equatable, Sendable, CustomStringConvertible {
    /// Where a scale came from.
    public enum Source: Equatable, Sendable {
        case floatappScale
        case gdkScale
        case xftDPI(Double)
        case fallback
    }

    /// The factor, within `range`.
    public let factor: Double
    /// What set it.
    public let source: Source

    /// The factors FloatApp draws at.
    public static let range: ClosedRange<Double> = 1...4
    /// The dpi X publishes for 1x.
    public static let baseDPI = 96.0

    /// The scale for X resources `resources` (nil when the root window has none) and `environment`.
    public init(resources: String?, environment: [String: String]) {
        if let value = environment["FLOATAPP_SCALE"].flatMap(XResources.positiveNumber) {
            self.init(value, .floatappScale)
        } else if let value = environment["GDK_SCALE"].flatMap(XResources.positiveNumber) {
            self.init(value, .gdkScale)
        } else if let dpi = resources.flatMap(XResources.xftDPI) {
            self.init(dpi / Self.baseDPI, .xftDPI(dpi))
        } else {
            self.init(1, .fallback)
        }
    }

    private init(_ factor: Double, _ source: Source) {
        self.factor = min(max(factor, Self.range.lowerBound), Self.range.upperBound)
        self.source = source
    }

    public var description: String {
        let from = switch source {
        case .floatappScale: "FLOATAPP_SCALE"
        case .gdkScale: "GDK_SCALE"
        case .xftDPI(let dpi): "Xft.dpi \(dpi)"
        case .fallback: "no desktop setting"
        }
        return "scale \(factor) from \(from)"
    }
}
