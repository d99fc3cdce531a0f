import Foundation
import TestSupport
import XCTest

/// A host browses the list while the broadcast goes on, and cannot open another room (W2, W6).
final class HostingE2ETests: SessionE2ETestCase {
    func testWhileHostingTheListOpensNothingElseAndTheHostRoomComesBack() throws {
        let host = TestRoom(id: "host-room", title: "Host Room", role: "host", source: TestRoom.stillSource)
        let other = TestRoom(id: "other-live", title: "Other Live", source: TestRoom.stillSource)
        let session = try startSession([host, other])
        try inSession(session) {
            try session.openFromList(host)

            // Esc in the host view goes back to the list; the broadcast is not stopped.
            session.desktop.key(.escape)
            try eventually("the main window shows the list", timeout: 5) {
                session.stats.events(named: "main_content").last?.fields["content"] == "list"
            }
            XCTAssertTrue(session.stats.events(named: "stop").isEmpty, "hosting goes on behind the list")

            // Another room: nothing opens, the toast says why.
            session.desktop.key(.down)
            session.desktop.key(.returnKey)
            try eventually("the hosting toast shows", timeout: 5) {
                session.stats.events(named: "toast").last?.fields["message"]
                    == "Live streaming in progress. Stop hosting first."
            }
            try session.screenshot("1-hosting-toast")
            XCTAssertTrue(session.stats.events(named: "open", matching: ["room": other.id]).isEmpty)
            XCTAssertTrue(session.stats.events(named: "stop").isEmpty)

            // The host row brings the running broadcast back, without opening it again.
            let since = session.lastTime()
            session.desktop.key(.up)
            session.desktop.key(.returnKey)
            try session.waitForMainFrame(of: host, after: since)
            XCTAssertEqual(session.stats.events(named: "open").count, 1, "the host room was opened once")
            XCTAssertEqual(session.stats.events(named: "source_open").count, 1)
        }
    }
}
