import Files
import Foundation
import XCTest

/// The XDG folders (R1, P15): absolute values are used, relative or missing ones fall back under HOME.
final class PathsTests: XCTestCase {
    private var saved: [String: String?] = [:]

    private func set(_ name: String, _ value: String?) {
        if saved[name] == nil { saved[name] = .some(ProcessInfo.processInfo.environment[name]) }
        if let value { setenv(name, value, 1) } else { unsetenv(name) }
    }

    override func tearDown() {
        for (name, value) in saved {
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
        saved = [:]
    }

    func testAbsoluteXDGFoldersAreUsed() {
        set("XDG_CONFIG_HOME", "/tmp/cfg")
        set("XDG_STATE_HOME", "/tmp/st")
        XCTAssertEqual(Paths.userRoomsFile, "/tmp/cfg/floatapp/rooms.json")
        XCTAssertEqual(Paths.stateFile, "/tmp/st/floatapp/state.json")
    }

    func testRelativeOrMissingXDGFoldersFallBackUnderHome() {
        set("HOME", "/home/someone")
        set("XDG_CONFIG_HOME", "relative/cfg")
        set("XDG_STATE_HOME", nil)
        XCTAssertEqual(Paths.configDir, "/home/someone/.config/floatapp")
        XCTAssertEqual(Paths.stateDir, "/home/someone/.local/state/floatapp")
    }
}
