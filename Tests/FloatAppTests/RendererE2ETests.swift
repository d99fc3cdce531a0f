import Foundation
import TestSupport
import XCTest

/// Both ways of drawing video (D9) pass the same pixel checks, at 2x scale: SDL's software
/// renderer with pictures converted on the CPU, and the OpenGL renderer drawing the decoded
/// planes as YUV textures, forced here on Mesa's llvmpipe (Xvfb's GLX). Colour bars keep their
/// colours in the full view and the float, a 4:3 picture is letterboxed in the full view and
/// floats at 4:3, call tiles show their colours (a 720p one by BT.709), and the two paths'
/// pictures match each other.
final class RendererE2ETests: AppE2ETestCase {
    /// SMPTE bars at 4:3 (BT.601: untagged and 480 rows).
    private let bars = RoomsFixture.Room.live("bars", title: "Bars", source: "lavfi:smptebars=size=640x480:rate=30")
    /// Two participants of solid colours, the one at 720p (BT.709 by its height, no tag).
    private static let participants = [("Ada", "c0392b", "640x360"), ("Ben", "2980b9", "1280x720")]
    private let call = RoomsFixture.Room.call("huddle", title: "Huddle", participants: participants.map {
        ($0.0, "lavfi:color=c=0x\($0.1):size=\($0.2):rate=30")
    })
    /// The top bars from the left at 75 %: grey, yellow, cyan, green, magenta, red, blue.
    private let barColours = [(191, 191, 191), (191, 191, 0), (0, 191, 191), (0, 191, 0), (191, 0, 191), (191, 0, 0), (0, 0, 191)]
        .map { RGB(red: UInt8($0.0), green: UInt8($0.1), blue: UInt8($0.2)) }

    func testSoftwareAndOpenGLDrawTheSameColoursAspectFloatAndTiles() throws {
        let desktop = try startDesktop()
        try desktop.mergeResources("Xft.dpi: 192\n")
        let roomsFile = try RoomsFixture(rooms: [bars, call]).write(in: desktop.workFolder)
        let software = try barsPictures(drawnBy: "software", roomsFile, on: desktop, log: "renderer: software:")
        let gl = try barsPictures(drawnBy: "gl", roomsFile, on: desktop, log: "GL_RENDERER \"llvmpipe")
        for (name, a, b) in [("full view", software.fullView.band, gl.fullView.band), ("float", software.float.band, gl.float.band)] {
            XCTAssertEqual(a.width, b.width, "\(name): the same size on both paths")
            XCTAssertEqual(a.height, b.height, "\(name): the same size on both paths")
            guard a.width == b.width, a.height == b.height else { continue }
            let difference = a.meanAbsoluteDifference(to: b)
            print("\(name): software and OpenGL differ by \(difference) on average")
            XCTAssertLessThan(difference, 3, "\(name): the two paths draw the same picture")
        }
        // A 720p picture that names no matrix is BT.709 on both paths (SDL's OpenGL renderer
        // picks its conversion when a texture is made, its software one when it is updated).
        let stages = try ["software", "gl"].map { try callBand(drawnBy: $0, roomsFile, on: desktop) }
        for (name, x) in [("Ada", stages[0].width / 4), ("Ben", stages[0].width * 3 / 4)] {
            let (a, b) = (stages[0][x, 4], stages[1][x, 4])
            print("\(name)'s tile: software \(a), OpenGL \(b)")
            XCTAssertLessThanOrEqual(a.distance(to: b), 3, "\(name)'s tile: the two paths draw the same colour")
        }
    }

    /// Runs the call with `--renderer renderer` until Ada's tile shows her colour and Ben's his
    /// within BT.601 and BT.709's difference; returns a band across both tiles.
    private func callBand(drawnBy renderer: String, _ roomsFile: URL, on desktop: TestDesktop) throws -> Image {
        let session = try RunningApp(roomsFile: roomsFile, arguments: ["--renderer", renderer, "--open", call.id], on: desktop) {
            try launchApp($0, on: desktop)
        }
        var band: Image?
        try session.run {
            let rect = try session.mainRect()
            let colours = Self.participants.map { participant in
                let v = Int(participant.1, radix: 16)!
                return RGB(red: UInt8(v >> 16), green: UInt8(v >> 8 & 0xff), blue: UInt8(v & 0xff))
            }
            // A band across the middle, where the tiles stand side by side.
            band = try eventuallyValue("\(renderer) call: every tile shows its colour", timeout: 10) { () -> Image? in
                let image = try desktop.grab(DesktopRect(x: rect.x, y: rect.y + rect.height / 2 - 4, width: rect.width, height: 8))
                let shown = image.fraction(matching: colours[0], tolerance: 8) > 0.05
                    && image.fraction(matching: colours[1], tolerance: 40) > 0.05
                return shown ? image : nil
            }
            _ = try desktop.screenshot("renderer-\(renderer)-call")
        }
        session.app.terminate()
        try desktop.waitUntilGone(.title("FloatApp"))
        return try XCTUnwrap(band)
    }

    /// Runs the app with `--renderer renderer` on the bars, checks that its log names the path
    /// (`log`), the full view and the float; returns their pixels.
    private func barsPictures(drawnBy renderer: String, _ roomsFile: URL, on desktop: TestDesktop,
                              log: String) throws -> (fullView: Rows, float: Rows) {
        let arguments = ["--renderer", renderer, "--log-level", "info", "--open", bars.id]
        let live = try RunningApp(roomsFile: roomsFile, arguments: arguments, on: desktop) {
            try launchApp($0, on: desktop)
        }
        var result: (fullView: Rows, float: Rows)?
        try live.run {
            let window = try live.mainRect()
            let fullView = try waitForBars(in: window, on: desktop, "\(renderer) full view")
            assertLetterboxed(fullView, height: window.height, "\(renderer) full view")
            try live.focusMain()
            desktop.key(.p)
            let float = try XCTUnwrap(desktop.geometry(of: try live.waitForFloat(of: bars.title)))
            XCTAssertEqual(Double(float.width) / Double(float.height), 4.0 / 3.0, accuracy: 0.02, "\(renderer): the float is 4:3")
            let floated = try waitForBars(in: float, on: desktop, "\(renderer) float")
            _ = try desktop.screenshot("renderer-\(renderer)-float")
            XCTAssertTrue(live.app.outputTail(lines: 200).contains(log), "\(renderer): the choice is logged: \(log)")
            result = (fullView, floated)
        }
        live.app.terminate()
        try desktop.waitUntilGone(.title("FloatApp"))
        return try XCTUnwrap(result)
    }

    /// The rows a third and three fifths of the way down `rect` (the bars take the picture's
    /// top two thirds), and a band of 32 rows about the first, to compare: grabbing and reading
    /// a whole 2x window at every poll would take seconds.
    private struct Rows {
        let upper: Image, lower: Image, band: Image

        init(of rect: DesktopRect, on desktop: TestDesktop) throws {
            let row = { (y: Int) in try desktop.grab(DesktopRect(x: rect.x, y: rect.y + y, width: rect.width, height: 1)) }
            upper = try row(rect.height / 3)
            lower = try row(rect.height * 3 / 5)
            band = try desktop.grab(DesktopRect(x: rect.x, y: rect.y + rect.height / 3 - 16, width: rect.width, height: 32))
        }
    }

    /// The centre of each top bar on both sample rows.
    private func barSamples(_ rows: Rows) -> [RGB] {
        let (left, right) = pictureColumns(rows.upper)
        return [rows.upper, rows.lower].flatMap { row in
            (0..<7).map { row[left + (2 * $0 + 1) * (right - left) / 14, 0] }
        }
    }

    /// The first and last column of `row` that is not black.
    private func pictureColumns(_ row: Image) -> (Int, Int) {
        let black = RGB(red: 0, green: 0, blue: 0)
        let lit = (0..<row.width).filter { row[$0, 0].distance(to: black) > 40 }
        return (lit.first ?? 0, (lit.last ?? 0) + 1)
    }

    /// Waits until `rect` shows the seven bars in their colours; returns its sample rows.
    private func waitForBars(in rect: DesktopRect, on desktop: TestDesktop, _ what: String) throws -> Rows {
        var seen: [RGB] = []
        return try eventuallyValue("\(what) shows the bars in their colours (last \(seen))", timeout: 10) { () -> Rows? in
            let rows = try Rows(of: rect, on: desktop)
            seen = barSamples(rows)
            return zip(seen, barColours + barColours).allSatisfy { $0.distance(to: $1) <= 12 } ? rows : nil
        }
    }

    /// A 4:3 picture in a wider window `height` high fills its height, centred, with black at
    /// both sides.
    private func assertLetterboxed(_ rows: Rows, height: Int, _ what: String) {
        let (left, right) = pictureColumns(rows.upper)
        let expected = Int((Double(height) * 4 / 3).rounded())
        XCTAssertEqual(right - left, expected, accuracy: 3, "\(what): the picture is 4:3 at the window's height")
        XCTAssertEqual(left, rows.upper.width - right, accuracy: 3, "\(what): centred between black bars")
        XCTAssertGreaterThan(left, 20, "\(what): black bars at the sides")
    }
}
