import CX11
import Foundation
import TestSupport
import XCTest

/// The test desktop starts a real X server and window manager and leaves nothing behind.
final class TestDesktopTests: DesktopTestCase {
    func testOpenboxWorkAreaHonoursMargins() throws {
        let margins = EdgeInsets(top: 0, bottom: 48, left: 10, right: 0)
        let desktop = try startDesktop(windowManager: .openbox(margins: margins))

        XCTAssertEqual(desktop.display, ":\(desktop.displayNumber)")
        XCTAssertEqual(desktop.screen, DesktopRect(x: 0, y: 0, width: 1920, height: 1080))
        XCTAssertNotNil(desktop.supportingWindowManager())
        XCTAssertEqual(desktop.workArea(), DesktopRect(x: 10, y: 0, width: 1910, height: 1032))
    }

    func testWithoutWindowManagerThereIsNoWorkArea() throws {
        let desktop = try startDesktop(windowManager: .none)

        XCTAssertNil(desktop.supportingWindowManager())
        XCTAssertNil(desktop.workArea())
    }

    func testTearDownEndsServerAndWindowManager() throws {
        let desktop = try TestDesktop(testName: name, windowManager: .openbox(margins: EdgeInsets(bottom: 48)))
        let groups = desktop.processGroups
        XCTAssertEqual(groups.count, 2)
        for group in groups {
            XCTAssertFalse(ProcessTable.members(ofGroup: group).isEmpty, "group \(group) should run before teardown")
        }

        desktop.tearDown()

        for group in groups {
            XCTAssertEqual(ProcessTable.members(ofGroup: group), [], "group \(group) outlived teardown")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(desktop.displayNumber)"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/.X\(desktop.displayNumber)-lock"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: desktop.workFolder.path))
    }

    func testTearDownEndsXfwm4WithItsSessionBusAndSettingsDaemon() throws {
        let desktop = try TestDesktop(testName: name, windowManager: .xfwm4(panel: .bottom))
        let group = try XCTUnwrap(desktop.windowManagerProcess?.pid)
        let names = ProcessTable.members(ofGroup: group).compactMap { pid in
            try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8).trimmingCharacters(in: .newlines)
        }
        XCTAssertTrue(
            Set(names).isSuperset(of: ["dbus-run-sessio", "dbus-daemon", "xfwm4"]), "group \(group) holds \(names)")
        XCTAssertEqual(desktop.workArea(), DesktopRect(x: 0, y: 0, width: 1920, height: 1080 - TestDesktop.xfwm4PanelHeight))

        desktop.tearDown()

        XCTAssertEqual(ProcessTable.members(ofGroup: group), [], "xfwm4's group outlived teardown")
    }

    func testTwoDesktopsGetDistinctDisplays() throws {
        let first = try startDesktop(windowManager: .none)
        let second = try startDesktop(windowManager: .none)

        XCTAssertNotEqual(first.display, second.display)
    }

    func testOpenboxConfigReplacesOnlyTheMargins() throws {
        let config = try TestDesktop.openboxConfig(margins: EdgeInsets(top: 3, bottom: 48, left: 5, right: 7))

        XCTAssertTrue(config.contains("<margins><top>3</top><bottom>48</bottom><left>5</left><right>7</right></margins>"))
        XCTAssertEqual(config.components(separatedBy: "<margins>").count, 2)
        XCTAssertTrue(config.contains("<focusNew>yes</focusNew>"))
    }
}
