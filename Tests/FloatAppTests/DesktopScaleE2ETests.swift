import DesktopSettings
import Foundation
import XCTest

/// The desktop's scale read from a real X server's resources, as `xrdb` sets them, and
/// followed when they change at runtime.
final class DesktopScaleE2ETests: DesktopTestCase {
    /// Collects the scales a watcher reports from its thread.
    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var scales: [DesktopScale] = []
        func add(_ scale: DesktopScale) { lock.withLock { scales.append(scale) } }
        var all: [DesktopScale] { lock.withLock { scales } }
    }

    /// Runs `xrdb -merge` with `resources` on `desktop`, as a settings daemon does.
    private func merge(_ resources: String, on desktop: TestDesktop) throws {
        let file = desktop.workFolder.appendingPathComponent("resources-\(UUID().uuidString.prefix(8))")
        try resources.write(to: file, atomically: true, encoding: .utf8)
        let xrdb = try ChildProcess(
            executable: "/usr/bin/xrdb", arguments: ["-nocpp", "-merge", file.path],
            environment: desktop.clientEnvironment(home: desktop.workFolder),
            stdoutURL: desktop.workFolder.appendingPathComponent("xrdb.out"),
            stderrURL: desktop.workFolder.appendingPathComponent("xrdb.err"))
        XCTAssertEqual(xrdb.waitForExit(timeout: 10), .exited(0), xrdb.outputTail())
    }

    private func watch(_ desktop: TestDesktop, environment: [String: String] = [:], reports: Reports) throws
        -> X11ScaleWatcher {
        let watcher = try XCTUnwrap(X11ScaleWatcher.start(display: desktop.display, environment: environment) {
            reports.add($0)
        })
        // Teardown blocks run last-added first: the watcher closes before its X server stops.
        addTeardownBlock { watcher.stop() }
        return watcher
    }

    func testXftDPIGivesTheScaleAndAChangeIsReported() throws {
        let desktop = try startDesktop(windowManager: .none)
        try merge("Xcursor.size: 48\nXft.dpi: 192\nXft.rgba: rgb\n", on: desktop)
        let reports = Reports()
        let watcher = try watch(desktop, reports: reports)
        XCTAssertEqual(watcher.initial.factor, 2)
        XCTAssertEqual(watcher.initial.source, .xftDPI(192))

        try merge("Xft.dpi: 144\n", on: desktop)
        try eventually("the watcher reports 1.5x, got \(reports.all)", timeout: 5) {
            reports.all.last?.factor == 1.5
        }
        try merge("Xcursor.theme: Adwaita\n", on: desktop)
        try merge("Xft.dpi: 96\n", on: desktop)
        try eventually("the watcher reports 1x, got \(reports.all)", timeout: 5) { reports.all.last?.factor == 1 }
        XCTAssertEqual(reports.all.map(\.factor), [1.5, 1], "a change of another resource reports nothing")
    }

    func testNoResourcesMeansOneAndTheEnvironmentWins() throws {
        let desktop = try startDesktop(windowManager: .none)
        let reports = Reports()
        XCTAssertEqual(try watch(desktop, reports: reports).initial.source, .fallback)
        XCTAssertEqual(try watch(desktop, reports: reports).initial.factor, 1)
        let overridden = try watch(desktop, environment: ["GDK_SCALE": "2"], reports: reports)
        XCTAssertEqual(overridden.initial.factor, 2)
        try merge("Xft.dpi: 144\n", on: desktop)
        try eventually("the unoverridden watchers report 1.5x, got \(reports.all)", timeout: 5) {
            reports.all.count == 2
        }
        XCTAssertEqual(reports.all.map(\.factor), [1.5, 1.5], "GDK_SCALE keeps the third watcher at 2x")
    }

    func testNoDisplayMeansNoWatcher() {
        XCTAssertNil(X11ScaleWatcher.start(display: ":4097") { _ in })
    }
}
