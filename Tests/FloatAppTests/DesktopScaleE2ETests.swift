import DesktopSettings
import Foundation
import TestSupport
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

    private func watch(_ desktop: TestDesktop, environment: [String: String] = [:], reports: Reports) throws
        -> X11ScaleWatcher {
        let watcher = try X11ScaleWatcher.start(display: desktop.display, environment: environment) {
            reports.add($0)
        }
        // Teardown blocks run last-added first: the watcher closes before its X server stops.
        addTeardownBlock { watcher.stop() }
        return watcher
    }

    func testXftDPIGivesTheScaleAndAChangeIsReported() throws {
        let desktop = try startDesktop(windowManager: .none)
        try desktop.mergeResources("Xcursor.size: 48\nXft.dpi: 192\nXft.rgba: rgb\n")
        let reports = Reports()
        let watcher = try watch(desktop, reports: reports)
        XCTAssertEqual(watcher.initial.factor, 2)
        XCTAssertEqual(watcher.initial.source, .xftDPI(192))

        try desktop.mergeResources("Xft.dpi: 144\n")
        try eventually("the watcher reports 1.5x, got \(reports.all)", timeout: 5) {
            reports.all.last?.factor == 1.5
        }
        try desktop.mergeResources("Xcursor.theme: Adwaita\n")
        try desktop.mergeResources("Xft.dpi: 96\n")
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
        try desktop.mergeResources("Xft.dpi: 144\n")
        try eventually("the unoverridden watchers report 1.5x, got \(reports.all)", timeout: 5) {
            reports.all.count == 2
        }
        XCTAssertEqual(reports.all.map(\.factor), [1.5, 1.5], "GDK_SCALE keeps the third watcher at 2x")
    }

    func testNoDisplayMeansNoWatcher() {
        XCTAssertThrowsError(try X11ScaleWatcher.start(display: ":4097") { _ in }) { error in
            XCTAssertEqual(error as? ScaleWatchError, .noDisplay(":4097"))
        }
    }
}
