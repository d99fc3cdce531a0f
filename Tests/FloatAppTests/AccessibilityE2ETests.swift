import Foundation
import TestSupport
import XCTest

/// X7 on the real binary, as a screen reader meets it: a private session bus with the AT-SPI2
/// bus launcher (at-spi2-core), the app in German, and a pyatspi client (Tests/Tools/
/// atspi-check.py) that walks the tree, presses Down, clicks the focused row, presses Tab and
/// `i` in the room and Tab twice back in the list, awaiting each event (and each focus ring on
/// screen). One app start.
final class AccessibilityE2ETests: AppE2ETestCase {
    private let alpha = RoomsFixture.Room.live("alpha", title: "Alpha Room")
    private let beta = RoomsFixture.Room.live("beta", title: "Beta Room")

    override func setUpWithError() throws {
        try super.setUpWithError()
        let locale = TestPaths.floatappBinary.deletingLastPathComponent().appendingPathComponent("locale")
        let outcome = try ChildProcess.run(TestPaths.packageRoot.appendingPathComponent("scripts/po.sh").path,
                                           ["compile", locale.path], environment: ["PATH": "/usr/bin:/bin"], name: "po-compile")
        XCTAssertEqual(outcome.status, .exited(0), outcome.stderr)
    }

    /// Starts the accessibility bus and the app on rooms alpha and beta in German.
    private func startOnAccessibilityBus(on desktop: TestDesktop) throws -> (SessionBus, RunningApp) {
        let bus = try SessionBus(in: desktop.workFolder, for: self)
        try bus.startAccessibilityBus(in: desktop.workFolder, for: self)
        let roomsFile = try RoomsFixture(rooms: [alpha, beta]).write(in: desktop.workFolder)
        let session = try RunningApp(roomsFile: roomsFile, arguments: [], on: desktop) { arguments in
            try launchApp(arguments + ["--log-level", "info"], on: desktop,
                          environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address, "LANGUAGE": "de"])
        }
        return (bus, session)
    }

    /// Runs Tests/Tools/atspi-check.py against `bus` with `arguments`; its steps by kind.
    private func check(_ bus: SessionBus, on desktop: TestDesktop, _ arguments: [String] = []) throws -> [String: [String: Any]] {
        let outcome = try ChildProcess.run(
            TestPaths.packageRoot.appendingPathComponent("Tests/Tools/atspi-check.py").path, arguments,
            environment: desktop.clientEnvironment(home: desktop.workFolder, extra: ["DBUS_SESSION_BUS_ADDRESS": bus.address]),
            in: desktop.workFolder, name: "atspi-check", timeout: 40)
        XCTAssertEqual(outcome.status, .exited(0), outcome.stdout + outcome.stderr)
        var steps: [String: [String: Any]] = [:]
        for line in outcome.stdout.split(separator: "\n") {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            steps[object["kind"] as? String ?? ""] = object
        }
        return steps
    }

    /// The tree once its frame's extents are the main window's inside as X places it: the window
    /// manager moves the window as it frames it, and the app learns of the move from X a moment
    /// after the tree is first served.
    private func placedTree(_ bus: SessionBus, on desktop: TestDesktop, window: DesktopRect) throws -> [[String: Any]] {
        var walks = 0, frame: DesktopRect?
        let nodes = try eventuallyValue("the frame's extents become the window's \(window) (last \(String(describing: frame)))",
                                        timeout: 5, poll: 0.1) { () -> [[String: Any]]? in
            walks += 1
            let nodes = try check(bus, on: desktop, ["--tree-only"])["tree"]?["nodes"] as? [[String: Any]] ?? []
            frame = nodes.count > 1 ? rect(nodes[1]) : nil
            return frame == window ? nodes : nil
        }
        print("the frame was placed at the \(walks). walk of the tree")
        return nodes
    }

    private func rect(_ node: [String: Any]) -> DesktopRect? {
        (node["extents"] as? [Int]).map { DesktopRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
    }

    func testTheTreeNamesFocusesClicksAndAnnouncesInGerman() throws {
        let desktop = try startDesktop()
        let (bus, session) = try startOnAccessibilityBus(on: desktop)
        try session.run {
            try session.focusMain()
            let window = try session.mainRect()
            _ = try placedTree(bus, on: desktop, window: window)
            let steps = try check(bus, on: desktop, ["--shots", desktop.artifactsFolder.path])
            try checkTree(try XCTUnwrap(steps["tree"]?["nodes"] as? [[String: Any]]), window: window, scale: 1)
            XCTAssertEqual(steps["focus"]?["name"] as? String, "Beta Room", "Down moved the focus to the next row")
            XCTAssertEqual(steps["focus"]?["role"] as? String, "list item")
            XCTAssertEqual(steps["focus"]?["state_events"] as? [String], ["Beta Room"])
            try session.waitForMainFrames(of: beta.id)
            let buttons = try XCTUnwrap(steps["opened"]?["buttons"] as? [String])
            XCTAssertEqual(Set(buttons), ["Bild-in-Bild", "Stummschalten", "Verlassen"], "the click opened the room")
            XCTAssertEqual(steps["tabbed-room"]?["name"] as? String, "Bild-in-Bild", "Tab focused the bar's first button")
            XCTAssertTrue((steps["tabbed-room"]?["states"] as? [String] ?? []).contains("focused"))
            XCTAssertEqual(steps["tabbed-room"]?["ring"] as? String, "4c8dff", "its ring painted over the video")
            let header = try XCTUnwrap(steps["tabbed-list"])
            XCTAssertEqual((header["field"] as? [String: Any])?["name"] as? String, "Räume suchen", "Tab from the list: the search")
            XCTAssertEqual((header["add"] as? [String: Any])?["name"] as? String, "Raum hinzufügen", "then the add button")
            XCTAssertEqual((header["add"] as? [String: Any])?["ring"] as? String, "4c8dff")
            let toast = try XCTUnwrap(session.stats.events(named: "toast").last?.fields["message"])
            XCTAssertEqual(steps["shown"]?["text"] as? String, toast, "the toast's showing was told, as Orca 43 needs")
            XCTAssertFalse((steps["shown"]?["announced"] as? [String] ?? []).contains(toast), "and not announced as well")
            XCTAssertEqual(steps["searched"]?["text"] as? String, "Beta", "EditableText set the search field's text")
            XCTAssertEqual(steps["searched"]?["rows"] as? [String], ["Beta Room"], "and the search narrowed the list")
            XCTAssertEqual(steps["searched"]?["inserted"] as? [String], ["Beta"], "the insertion was told")
            let final = try XCTUnwrap(steps["final"]?["nodes"] as? [[String: Any]])
            let pill = try XCTUnwrap(final.first { $0["role"] as? String == "notification" }.flatMap(rect))
            XCTAssertGreaterThan(pill.width, window.width / 2, "the toast's extents are its painted pill, as wide as its text")
            let file = desktop.artifactsFolder.appendingPathComponent("room-view-extents.png")
            try desktop.screenshot(of: window, outlined: final.compactMap(rect).filter { $0 != window }, to: file)
        }
    }

    func testAtOneAndAHalfTheRowsExtentsAreWhereTheyArePainted() throws {
        let desktop = try startDesktop()
        try desktop.mergeResources("Xft.dpi: 144\n")
        let (bus, session) = try startOnAccessibilityBus(on: desktop)
        try session.run {
            let window = try session.mainRect()
            let nodes = try placedTree(bus, on: desktop, window: window)
            try checkTree(nodes, window: window, scale: 1.5)
            let file = desktop.artifactsFolder.appendingPathComponent("list-extents-1.5x.png")
            try desktop.screenshot(of: window, outlined: nodes.compactMap(rect).filter { $0 != window }, to: file)
        }
    }

    /// The list as pyatspi reads it: names, roles, states and actions in German, and each row's
    /// extents where the list layout paints it at `scale` (16 px in, under the 64 px header, 72
    /// px apart at 1).
    private func checkTree(_ nodes: [[String: Any]], window: DesktopRect, scale: Double) throws {
        func px(_ v: Int) -> Int { Int((Double(v) * scale).rounded()) }
        let roles = nodes.map { $0["role"] as? String ?? "" }
        XCTAssertEqual(Array(roles.prefix(7)), ["application", "frame", "entry", "toggle button", "list", "list item", "list item"])
        XCTAssertEqual(nodes[0]["name"] as? String, "FloatApp")
        XCTAssertEqual(rect(nodes[1]), window, "the frame is the window's inside")
        XCTAssertEqual(nodes[2]["name"] as? String, "Räume suchen")
        XCTAssertTrue(Set(nodes[2]["states"] as? [String] ?? []).isSuperset(of: ["editable", "single line", "focusable"]))
        XCTAssertEqual(nodes[3]["name"] as? String, "Raum hinzufügen")
        XCTAssertEqual(nodes[4]["name"] as? String, "Räume")
        XCTAssertEqual(nodes[4]["description"] as? String, "2 Räume")
        XCTAssertEqual(nodes[5]["name"] as? String, "Alpha Room")
        XCTAssertEqual(nodes[5]["actions"] as? [String], ["click"])
        XCTAssertTrue((nodes[5]["description"] as? String ?? "").hasSuffix(", Inaktiv"), "\(nodes[5])")
        let states = try XCTUnwrap(nodes[5]["states"] as? [String])
        XCTAssertTrue(Set(states).isSuperset(of: ["focused", "selected", "focusable", "showing"]), "\(states)")
        XCTAssertFalse((nodes[6]["states"] as? [String] ?? []).contains("focused"))
        for (i, row) in nodes[5...6].enumerated() {
            XCTAssertEqual(rect(row), DesktopRect(x: window.x + px(16), y: window.y + px(64) + px(16) / 2 + (px(64) + px(8)) * i,
                                                  width: window.width - 2 * px(16), height: px(64)))
        }
    }
}
