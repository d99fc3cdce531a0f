import Foundation
import TestSupport
import XCTest

/// Where the float goes across runs and work-area changes, on a real desktop (SPEC P4, P13, P15):
/// the state file is written atomically and read back at the next start, a broken one is
/// ignored with a warning, and a changed work area re-settles the float at its corner.
final class FloatPlacementE2ETests: DesktopTestCase {
    private let panel = EdgeInsets(bottom: 48)

    /// The state file's placement, if it holds one.
    private struct SavedPlacement: Decodable {
        struct Placement: Decodable {
            let corner: String?
            let widthFraction: Double

            private enum CodingKeys: String, CodingKey {
                case corner
                case widthFraction = "width_fraction"
            }
        }

        let placement: Placement
    }

    /// What a read of the state file found.
    private enum StateRead {
        case missing
        case unreadable(String)
        case placement(SavedPlacement.Placement, inode: UInt64)
    }

    private func readState(_ file: URL) -> StateRead {
        guard let data = FileManager.default.contents(atPath: file.path) else { return .missing }
        do {
            let saved = try JSONDecoder().decode(SavedPlacement.self, from: data)
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            let inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
            return .placement(saved.placement, inode: inode)
        } catch {
            return .unreadable("\(error): \(String(decoding: data, as: UTF8.self))")
        }
    }

    /// Waits until the state file holds `corner` and `widthFraction`; fails at once on a read
    /// that finds a partly written file. Returns the file's inode.
    private func waitForState(
        _ floating: FloatingApp, corner: FloatCorner, widthFraction: Double
    ) throws -> UInt64 {
        var last = "nothing"
        return try eventuallyValue(
            "the state file \(floating.stateFile.path) holds \(corner.stateName) at \(widthFraction) (last: \(last))"
        ) { () -> UInt64? in
            switch readState(floating.stateFile) {
            case .missing:
                last = "no file"
                return nil
            case .unreadable(let reason):
                throw HarnessError("a reader saw a partly written state file: \(reason)")
            case .placement(let placement, let inode):
                last = "\(placement)"
                guard placement.corner == corner.stateName, abs(placement.widthFraction - widthFraction) < 1e-6
                else { return nil }
                return inode
            }
        }
    }

    func testSnapsAreSavedAtomicallyAndTheNextStartUsesThem() throws {
        let desktop = try startDesktop(windowManager: .openbox(margins: panel))
        let first = try FloatingApp.launch(in: self, on: desktop, name: "first")
        let workArea = try first.workArea()
        let grownSize = FloatingApp.defaultSize(in: workArea, steps: 1)
        try first.run {
            try first.waitForCorner(.bottomRight, size: FloatingApp.defaultSize(in: workArea), "the float opens")

            try first.fling(by: -180, -180)
            try first.waitForCorner(.topLeft, size: FloatingApp.defaultSize(in: workArea), "a fling to the top left")
            let snapped = try waitForState(first, corner: .topLeft, widthFraction: 0.25)

            desktop.scroll(1, at: try first.center())
            try first.waitForCorner(.topLeft, size: grownSize, "one wheel step up")
            let resized = try waitForState(first, corner: .topLeft, widthFraction: 0.275)
            XCTAssertNotEqual(resized, snapped, "a new file was renamed over the old one, not rewritten in place")
            let folder = first.stateFile.deletingLastPathComponent()
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: folder.path), ["state.json"],
                "no temporary file is left beside the state file")
            try desktop.screenshot("first-run-top-left")
        }
        first.app.terminate()
        try desktop.waitUntilGone(.title("FloatApp"), timeout: 5)

        let second = try FloatingApp.launch(in: self, on: desktop, stateHome: first.stateHome, name: "second")
        try second.run {
            let shown = try second.waitForCorner(.topLeft, size: grownSize, "the next start with --float")
            XCTAssertTrue(workArea.contains(shown))
            let firstShown = try eventuallyValue("a float_shown event") { second.stats.events(named: "float_shown").first }
            XCTAssertEqual(firstShown.fields["x"], "\(shown.minX)", "the float appears at the remembered corner at once")
            try desktop.screenshot("second-run-top-left")
        }
    }

    func testABrokenStateFileIsIgnoredWithAWarning() throws {
        let desktop = try startDesktop(windowManager: .openbox(margins: panel))
        let stateHome = desktop.workFolder.appendingPathComponent("state")
        let stateFile = stateHome.appendingPathComponent("floatapp/state.json")
        try FileManager.default.createDirectory(
            at: stateFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data([0xFF, 0xFE, 0x00, 0x7B, 0x22, 0xC3, 0x28, 0x0A] + Array("corner: top_left {{".utf8))
            .write(to: stateFile)

        let floating = try FloatingApp.launch(in: self, on: desktop, stateHome: stateHome)
        try floating.run {
            let workArea = try floating.workArea()
            let size = FloatingApp.defaultSize(in: workArea)
            try floating.waitForCorner(.bottomRight, size: size, "the float opens at the default place")
            try desktop.screenshot("default-place")
            try eventually("a warning about the state file on stderr") {
                let errors = (try? String(contentsOf: floating.app.process.stderrURL, encoding: .utf8)) ?? ""
                return errors.split(separator: "\n").contains { $0.contains("warn") && $0.contains(stateFile.path) }
            }

            // The next snap replaces the broken file with a good one.
            try floating.fling(by: -180, -180)
            try floating.waitForCorner(.topLeft, size: size, "a fling to the top left")
            _ = try waitForState(floating, corner: .topLeft, widthFraction: 0.25)
        }
    }

    func testAChangedWorkAreaResettlesTheFloatAtItsCorner() throws {
        let desktop = try startDesktop(windowManager: .openbox(margins: panel))
        let floating = try FloatingApp.launch(in: self, on: desktop)
        try floating.run {
            try floating.waitForCorner(
                .bottomRight, size: FloatingApp.defaultSize(in: try floating.workArea()), "the float opens")

            // A taller bottom panel and a new right one: the float keeps its corner and width fraction.
            try desktop.changeOpenboxMargins(to: EdgeInsets(bottom: 200, right: 100))
            let shrunkArea = try floating.workArea()
            let atBottomRight = try floating.waitForCorner(
                .bottomRight, size: FloatingApp.defaultSize(in: shrunkArea), "the work area shrinks to \(shrunkArea)")
            XCTAssertTrue(shrunkArea.insetBy(FloatingApp.margin).contains(atBottomRight))
            try desktop.screenshot("resettled-bottom-right")

            // At the top left, panels on the top and left push it in.
            try floating.fling(by: -180, -180)
            try floating.waitForCorner(.topLeft, size: FloatingApp.defaultSize(in: shrunkArea), "a fling to the top left")
            try desktop.changeOpenboxMargins(to: EdgeInsets(top: 100, bottom: 48, left: 150))
            let movedArea = try floating.workArea()
            let atTopLeft = try floating.waitForCorner(
                .topLeft, size: FloatingApp.defaultSize(in: movedArea), "the work area moves to \(movedArea)")
            XCTAssertTrue(movedArea.insetBy(FloatingApp.margin).contains(atTopLeft))
            try desktop.screenshot("resettled-top-left")
        }
    }
}
