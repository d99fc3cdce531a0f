import SessionBus

/// The desktop's motion and contrast settings, as the XDG desktop portal's Settings interface
/// serves them (`org.freedesktop.portal.Settings`): GNOME's keys, which the GTK and GNOME
/// portal backends read from GSettings, and the portal's own appearance namespace. A key the
/// desktop does not serve stays unknown and counts as the default (animations on, normal contrast).
public struct AppearanceSettings: Equatable, Sendable {
    /// The (namespace, key) pairs read at start and followed.
    public static let keys: [(namespace: String, key: String)] = [
        ("org.gnome.desktop.interface", "enable-animations"),
        ("org.gnome.desktop.a11y.interface", "high-contrast"),
        ("org.freedesktop.appearance", "contrast"),
        ("org.freedesktop.appearance", "reduced-motion"),
    ]

    /// GNOME's `enable-animations`.
    public private(set) var animationsEnabled: Bool?
    /// GNOME's `high-contrast`.
    public private(set) var gnomeHighContrast: Bool?
    /// The portal's `contrast`: 0 no preference, 1 higher contrast.
    public private(set) var portalContrast: UInt32?
    /// The portal's `reduced-motion`: 0 no preference, 1 reduced motion.
    public private(set) var portalReducedMotion: UInt32?

    /// Nothing known: the defaults.
    public init() {}

    /// Whether the desktop asks for reduced motion.
    public var reducedMotion: Bool { animationsEnabled == false || portalReducedMotion == 1 }
    /// Whether the desktop asks for high contrast.
    public var highContrast: Bool { gnomeHighContrast == true || portalContrast == 1 }

    /// Takes the value of `key` in `namespace` (variants unwrapped, as portals before 1.18 wrap
    /// Read's answer twice); false when it is not one of ``keys`` or of an unexpected type.
    public mutating func set(_ namespace: String, _ key: String, _ value: DBusValue) -> Bool {
        switch (namespace, key, Self.unwrapped(value)) {
        case ("org.gnome.desktop.interface", "enable-animations", .bool(let on)): animationsEnabled = on
        case ("org.gnome.desktop.a11y.interface", "high-contrast", .bool(let on)): gnomeHighContrast = on
        case ("org.freedesktop.appearance", "contrast", .uint32(let level)): portalContrast = level
        case ("org.freedesktop.appearance", "reduced-motion", .uint32(let level)): portalReducedMotion = level
        default: return false
        }
        return true
    }

    /// Takes a portal's `SettingChanged(namespace, key, value)` signal; false for any other.
    public mutating func take(_ signal: BusSignal) -> Bool {
        guard signal.interface == "org.freedesktop.portal.Settings", signal.member == "SettingChanged",
              signal.arguments.count == 3, case .string(let namespace) = signal.arguments[0],
              case .string(let key) = signal.arguments[1] else { return false }
        return set(namespace, key, signal.arguments[2])
    }

    private static func unwrapped(_ value: DBusValue) -> DBusValue {
        if case .variant(let inner) = value { return unwrapped(inner) }
        return value
    }
}
