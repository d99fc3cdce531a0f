import DesktopSettings
import XCTest

/// Reading `Xft.dpi` from X resource text and choosing the scale with the environment's overrides.
final class DesktopScaleTests: XCTestCase {
    /// What `xrdb -query` shows on a typical GNOME/Xfce session at 2x.
    private let session = """
        *customization:\t-color
        Xcursor.size:\t48
        Xcursor.theme:\tAdwaita
        Xft.antialias:\t1
        Xft.dpi:\t192
        Xft.hinting:\t1
        Xft.hintstyle:\thintslight
        Xft.rgba:\trgb

        """

    func testXftDPIAmongOtherResources() {
        XCTAssertEqual(XResources.xftDPI(in: session), 192)
        XCTAssertEqual(XResources.value(of: "Xcursor.theme", in: session), "Adwaita")
        XCTAssertEqual(XResources.xftDPI(in: "Xft.dpi: 144"), 144)
        XCTAssertEqual(XResources.xftDPI(in: "  Xft.dpi \t:\t 120.5 \r\nXft.rgba: rgb"), 120.5)
        XCTAssertEqual(XResources.xftDPI(in: "Xft.dpi:96\nXft.dpi:192\n"), 192, "the last entry wins")
    }

    func testExactEntriesBeatLooseOnes() {
        XCTAssertEqual(XResources.xftDPI(in: "*dpi: 120\nXft.dpi: 192\nXft*dpi: 144"), 192)
        XCTAssertEqual(XResources.xftDPI(in: "*dpi: 120\nXft*dpi: 144"), 144)
        XCTAssertEqual(XResources.xftDPI(in: "*.dpi: 120"), 120)
        XCTAssertNil(XResources.xftDPI(in: "Xft.dpix: 192\nXXft.dpi: 192\nFoo.dpi: 192"))
    }

    func testJunkIsIgnored() {
        for text in ["", "Xft.dpi", "Xft.dpi:", "Xft.dpi: big", "Xft.dpi: -192", "Xft.dpi: 0", "Xft.dpi: nan",
                     "Xft.dpi: inf", "! Xft.dpi: 192", "Xft.dpi: 192 dpi", "\u{0}\u{1}:\u{2}", ":::::"] {
            XCTAssertNil(XResources.xftDPI(in: text), text.debugDescription)
        }
        XCTAssertEqual(XResources.xftDPI(in: "garbage\n\u{7f}\u{0}:x\nXft.dpi: 144\nmore: junk: here"), 144)
    }

    func testScaleFromDPIKeepsFractions() {
        XCTAssertEqual(DesktopScale(resources: session, environment: [:]).factor, 2)
        XCTAssertEqual(DesktopScale(resources: "Xft.dpi: 144", environment: [:]),
                       DesktopScale(resources: "Xft.dpi:\t144.0", environment: [:]))
        XCTAssertEqual(DesktopScale(resources: "Xft.dpi: 144", environment: [:]).factor, 1.5)
        XCTAssertEqual(DesktopScale(resources: "Xft.dpi: 120", environment: [:]).factor, 1.25)
        XCTAssertEqual(DesktopScale(resources: "Xft.dpi: 144", environment: [:]).source, .xftDPI(144))
        XCTAssertEqual(DesktopScale(resources: nil, environment: [:]), DesktopScale(resources: "", environment: [:]))
        XCTAssertEqual(DesktopScale(resources: nil, environment: [:]).source, .fallback)
        XCTAssertEqual(DesktopScale(resources: nil, environment: [:]).factor, 1)
    }

    func testEnvironmentOverridesInOrder() {
        let both = ["FLOATAPP_SCALE": "1.75", "GDK_SCALE": "3"]
        XCTAssertEqual(DesktopScale(resources: session, environment: both).factor, 1.75)
        XCTAssertEqual(DesktopScale(resources: session, environment: both).source, .floatappScale)
        XCTAssertEqual(DesktopScale(resources: session, environment: ["GDK_SCALE": "3"]).factor, 3)
        XCTAssertEqual(DesktopScale(resources: session, environment: ["GDK_SCALE": "3"]).source, .gdkScale)
        let junk = ["FLOATAPP_SCALE": "huge", "GDK_SCALE": ""]
        XCTAssertEqual(DesktopScale(resources: session, environment: junk).source, .xftDPI(192),
                       "values that are not positive numbers count as unset")
    }

    func testClampedToOneToFour() {
        XCTAssertEqual(DesktopScale(resources: "Xft.dpi: 48", environment: [:]).factor, 1)
        XCTAssertEqual(DesktopScale(resources: "Xft.dpi: 960", environment: [:]).factor, 4)
        XCTAssertEqual(DesktopScale(resources: nil, environment: ["FLOATAPP_SCALE": "0.5"]).factor, 1)
        XCTAssertEqual(DesktopScale(resources: nil, environment: ["GDK_SCALE": "9"]).factor, 4)
        XCTAssertEqual("\(DesktopScale(resources: "Xft.dpi: 192", environment: [:]))", "scale 2.0 from Xft.dpi 192.0")
    }
}
