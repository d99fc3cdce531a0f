import DesktopSettings
import SessionBus
import XCTest

/// The portal's settings read as reduced motion and high contrast (X8).
final class AppearanceSettingsTests: XCTestCase {
    private func changed(_ namespace: String, _ key: String, _ value: DBusValue) -> BusSignal {
        BusSignal(path: "/org/freedesktop/portal/desktop", interface: "org.freedesktop.portal.Settings",
                  member: "SettingChanged", arguments: [.string(namespace), .string(key), .variant(value)])
    }

    func testNothingKnownMeansFullMotionAndNormalContrast() {
        let settings = AppearanceSettings()
        XCTAssertFalse(settings.reducedMotion)
        XCTAssertFalse(settings.highContrast)
    }

    func testGnomesKeysAsReadTwiceWrapped() {
        var settings = AppearanceSettings()
        XCTAssertTrue(settings.set("org.gnome.desktop.interface", "enable-animations", .variant(.variant(.bool(false)))))
        XCTAssertTrue(settings.reducedMotion)
        XCTAssertTrue(settings.set("org.gnome.desktop.a11y.interface", "high-contrast", .variant(.bool(true))))
        XCTAssertTrue(settings.highContrast)
        XCTAssertTrue(settings.set("org.gnome.desktop.interface", "enable-animations", .bool(true)))
        XCTAssertFalse(settings.reducedMotion)
    }

    func testThePortalsAppearanceNamespace() {
        var settings = AppearanceSettings()
        XCTAssertTrue(settings.set("org.freedesktop.appearance", "contrast", .uint32(1)))
        XCTAssertTrue(settings.highContrast)
        XCTAssertTrue(settings.set("org.freedesktop.appearance", "contrast", .uint32(0)))
        XCTAssertFalse(settings.highContrast)
        XCTAssertTrue(settings.set("org.freedesktop.appearance", "reduced-motion", .uint32(1)))
        XCTAssertTrue(settings.reducedMotion)
    }

    func testOtherKeysAndTypesAreIgnored() {
        var settings = AppearanceSettings()
        XCTAssertFalse(settings.set("org.freedesktop.appearance", "color-scheme", .uint32(1)))
        XCTAssertFalse(settings.set("org.gnome.desktop.interface", "enable-animations", .string("false")))
        XCTAssertEqual(settings, AppearanceSettings())
    }

    func testSettingChangedSignals() {
        var settings = AppearanceSettings()
        XCTAssertTrue(settings.take(changed("org.gnome.desktop.a11y.interface", "high-contrast", .bool(true))))
        XCTAssertTrue(settings.highContrast)
        var other = changed("org.gnome.desktop.a11y.interface", "high-contrast", .bool(false))
        other.member = "SettingsChanged"
        XCTAssertFalse(settings.take(other), "another signal")
        XCTAssertFalse(settings.take(BusSignal(path: "/", interface: "org.freedesktop.portal.Settings",
                                               member: "SettingChanged", arguments: [.string("x")])), "too few arguments")
        XCTAssertTrue(settings.highContrast)
    }
}
