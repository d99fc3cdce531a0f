import CX11
import Foundation
import TestSupport
import XCTest

/// Every script reads right in the room list (X4): each title drawn by the app is compared
/// with the same string drawn by Pango's reference tool, `pango-view`, in the same font, size
/// and colours, on the real desktop with Debian's Noto fonts. A title drawn as boxes, in a
/// wrong font or out of order has another shape of ink, and fails.
final class MultilingualTextE2ETests: AppE2ETestCase {
    /// Titles by script, in list order.
    private static let titles = MultilingualTitles.byScript

    /// Where a row's title is drawn at scale 1 (ListView): rows start 72 px down and 72 px apart,
    /// the title's line box 11 px into the row, its text 86 px from the window's left, up to
    /// the status pill (as wide as the longest status in the desktop's font), found on screen.
    private enum Row {
        static let firstTop = 72, span = 72, height = 64, padding = 16
        static let titleLeft = 82, titleTop = 2, titleBottom = 33
    }

    private static var rooms: [RoomsFixture.Room] {
        titles.enumerated().map { i, t in .live("room-\(i)", title: t.title, source: RoomsFixture.colorSource("2a6f97")) }
    }

    func testEveryTitleIsDrawnAsPangoDrawsIt() throws {
        let session = try startApp(rooms: Self.rooms)
        try session.run {
            let mismatches = try compareTitles(session, readme: "multilingual")
            XCTAssertEqual(mismatches, [], "titles that differ from pango-view's")
            XCTAssertFalse(session.app.outputTail(lines: 200).contains("no installed font"),
                           "every script has a font: \(session.app.outputTail())")
        }
    }

    /// The same check on a desktop whose only fonts are DejaVu's: the check sees the boxes, and
    /// the app says once per script which had no font.
    func testWithoutTheFontsTheTitlesDifferAndTheAppSaysWhichScripts() throws {
        let desktop = try startDesktop()
        let config = desktop.workFolder.appendingPathComponent("fonts.conf")
        try """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
        <fontconfig>
          <dir>/usr/share/fonts/truetype/dejavu</dir>
          <cachedir>\(desktop.workFolder.appendingPathComponent("fontconfig-cache").path)</cachedir>
        </fontconfig>
        """.write(to: config, atomically: true, encoding: .utf8)
        let roomsFile = try RoomsFixture(rooms: Self.rooms).write(in: desktop.workFolder)
        let session = try RunningApp(roomsFile: roomsFile, arguments: [], on: desktop) { arguments in
            try launchApp(arguments, on: desktop, environment: ["FONTCONFIG_FILE": config.path])
        }
        try session.run {
            let mismatches = Set(try compareTitles(session))
            for script in ["Han", "Kana", "Hangul", "Devanagari", "Thai", "Emoji"] {
                XCTAssertTrue(mismatches.contains(script), "\(script) without its font must not match: \(mismatches)")
            }
            let log = session.app.outputTail(lines: 200)
            for code in ["Hani", "Hang", "Deva", "Thai"] {
                let said = log.components(separatedBy: "no installed font has the \(code) script").count - 1
                XCTAssertEqual(said, 1, "the missing \(code) font is logged once:\n\(log)")
            }
        }
    }

    /// Compares each row's title with pango-view's drawing of it; returns the scripts whose
    /// titles differ. Rows below the first screen are checked after End scrolls the list.
    /// With `readme`, `FLOATAPP_UPDATE_SCREENSHOTS=1` writes the list's first screen to
    /// `docs/screenshots/<readme>.png`.
    private func compareTitles(_ session: RunningApp, readme: String? = nil) throws -> [String] {
        let readme = ProcessInfo.processInfo.environment["FLOATAPP_UPDATE_SCREENSHOTS"] == "1" ? readme : nil
        let desktop = session.desktop
        let window = try session.mainRect()
        try eventually("the list is drawn", timeout: 10) { try desktop.grab(window).darkFraction() < 0.5 }
        try findPillLeft(window, desktop)
        let onFirstScreen = (0..<Self.titles.count).filter { Row.firstTop + $0 * Row.span + Row.height <= window.height }
        var tops = onFirstScreen.map { ($0, Row.firstTop + $0 * Row.span) }
        var mismatches: [String] = []
        try desktop.screenshot("list-top")
        if let readme {
            try desktop.screenshot(of: window, to: TestPaths.packageRoot.appendingPathComponent("docs/screenshots/\(readme).png"))
        }
        mismatches += try compare(tops, window, desktop)
        try session.focusMain()
        desktop.key(Key(XK_End, "End"))
        let lastTop = window.height - Row.padding - Row.height
        let rest = (onFirstScreen.count..<Self.titles.count)
        tops = rest.map { ($0, lastTop - (Self.titles.count - 1 - $0) * Row.span) }
        try eventually("End scrolls the list to its last row", timeout: 5) {
            try Self.inkBox(of: desktop.grab(self.titleRect(lastTop, window))) != nil
                && desktop.grab(DesktopRect(x: window.x, y: window.y + lastTop + Row.height + 2, width: window.width / 2,
                                            height: Row.padding - 4)).meanColor.distance(to: RGB(red: 0x12, green: 0x14, blue: 0x18)) < 3
        }
        try desktop.screenshot("list-end")
        mismatches += try compare(tops, window, desktop)
        return mismatches
    }

    private func titleRect(_ rowTop: Int, _ window: DesktopRect) -> DesktopRect {
        DesktopRect(x: window.x + Row.titleLeft, y: window.y + rowTop + Row.titleTop,
                    width: pillLeft - Row.titleLeft - 4, height: Row.titleBottom - Row.titleTop)
    }

    /// The status pills' left edge in window pixels, found on the first row: the first pixel
    /// from the right, along the pill's middle, that is the row's own colour again.
    private var pillLeft = 0

    private func findPillLeft(_ window: DesktopRect, _ desktop: TestDesktop) throws {
        let middle = try desktop.grab(DesktopRect(x: window.x, y: window.y + Row.firstTop + Row.height / 2,
                                                  width: window.width, height: 1))
        let row = middle[Row.titleLeft - 2, 0]
        var x = window.width - Row.padding - 24
        while x > Row.titleLeft, middle[x, 0].distance(to: row) > 6 { x -= 1 }
        pillLeft = x + 1
        XCTAssertGreaterThan(pillLeft, window.width / 2, "the pill sits at the row's right")
    }

    private func compare(_ rows: [(Int, Int)], _ window: DesktopRect, _ desktop: TestDesktop) throws -> [String] {
        var mismatches: [String] = []
        for (index, top) in rows {
            let (script, title) = Self.titles[index]
            let drawn = try desktop.grab(titleRect(top, window))
            let reference = try pangoView(title, desktop)
            let score = Self.similarity(drawn, reference)
            print("\(script): \(score.summary)")
            if !score.matches { mismatches.append(script) }
        }
        return mismatches
    }

    /// `title` drawn by pango-view in the list title's style: sans-serif bold 15 px, the theme's
    /// text colour on a row's, grey antialiasing, slight hinting, hinted metrics (as the app).
    private func pangoView(_ title: String, _ desktop: TestDesktop) throws -> Image {
        let name = UUID().uuidString
        let png = desktop.workFolder.appendingPathComponent("\(name).png")
        let ppm = desktop.workFolder.appendingPathComponent("\(name).ppm")
        try desktop.runTool("/usr/bin/pango-view", [
            "--font=sans-serif Bold 15px", "--pixels", "--background=#1c1f26", "--foreground=#eceef2", "--margin=0",
            "--antialias=gray", "--hinting=slight", "--hint-metrics=on", "-q", "-o", png.path, "--text=\(title)",
        ])
        try desktop.runTool("/usr/bin/convert", [png.path, "-depth", "8", ppm.path])
        return try Self.readPPM(ppm)
    }

    /// A binary PPM (P6, 8-bit) as an image.
    private static func readPPM(_ url: URL) throws -> Image {
        let data = [UInt8](try Data(contentsOf: url))
        var fields: [Int] = [], i = 2, number = ""
        while fields.count < 3, i < data.count {
            let c = data[i]
            if c == UInt8(ascii: "#") {
                while i < data.count, data[i] != 10 { i += 1 }
            } else if (48...57).contains(c) {
                number.append(Character(UnicodeScalar(c)))
            } else if !number.isEmpty {
                fields.append(Int(number)!)
                number = ""
            }
            i += 1
        }
        guard data.starts(with: Array("P6".utf8)), fields.count == 3, fields[2] == 255 else {
            throw HarnessError("\(url.path) is not an 8-bit binary PPM")
        }
        let (w, h) = (fields[0], fields[1])
        guard data.count >= i + w * h * 3 else { throw HarnessError("\(url.path) is short") }
        let pixels = (0..<(w * h)).map { p in RGB(red: data[i + 3 * p], green: data[i + 3 * p + 1], blue: data[i + 3 * p + 2]) }
        return Image(width: w, height: h, pixels: pixels)
    }

    /// How alike two drawings of a line are: the sizes of their ink and how much of it lies
    /// on the same pixels once both are aligned at the top-left of their ink.
    private struct Similarity {
        let drawn: (w: Int, h: Int)
        let reference: (w: Int, h: Int)
        let overlap: Double

        var matches: Bool {
            abs(drawn.w - reference.w) <= 2 && abs(drawn.h - reference.h) <= 2 && overlap >= 0.8
        }

        var summary: String {
            "ink \(drawn.w)x\(drawn.h), pango-view's \(reference.w)x\(reference.h), overlap \(String(format: "%.2f", overlap))"
        }
    }

    /// Ink is a pixel at least half-way from the image's most common colour (the background)
    /// to the text's: half-covered edge pixels count the same on any row's background.
    private static func inkMask(_ image: Image) -> [Bool] {
        var counts: [Int: Int] = [:]
        for p in image.pixels { counts[Int(p.red) << 16 | Int(p.green) << 8 | Int(p.blue), default: 0] += 1 }
        let key = counts.max { $0.value < $1.value }?.key ?? 0
        let background = RGB(red: UInt8(key >> 16), green: UInt8(key >> 8 & 0xFF), blue: UInt8(key & 0xFF))
        let half = background.distance(to: RGB(red: 0xec, green: 0xee, blue: 0xf2)) / 2
        return image.pixels.map { $0.distance(to: background) > half }
    }

    /// The bounding box of an image's ink, nil when it has none.
    private static func inkBox(of image: Image) -> (x: Int, y: Int, w: Int, h: Int)? {
        box(inkMask(image), width: image.width, height: image.height)
    }

    private static func box(_ mask: [Bool], width: Int, height: Int) -> (x: Int, y: Int, w: Int, h: Int)? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0..<height {
            for x in 0..<width where mask[y * width + x] {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    private static func similarity(_ drawn: Image, _ reference: Image) -> Similarity {
        let a = inkMask(drawn), b = inkMask(reference)
        guard let boxA = box(a, width: drawn.width, height: drawn.height),
              let boxB = box(b, width: reference.width, height: reference.height)
        else { return Similarity(drawn: (0, 0), reference: (0, 0), overlap: 0) }
        // The two are aligned at their ink's top-left, then shifted by up to a pixel each way:
        // an edge pixel's coverage can round to either side of the threshold.
        var best = 0.0
        for dy in -1...1 {
            for dx in -1...1 {
                var both = 0, either = 0
                for y in -1...max(boxA.h, boxB.h) {
                    for x in -1...max(boxA.w, boxB.w) {
                        let inA = ink(a, drawn.width, drawn.height, boxA.x + x, boxA.y + y)
                        let inB = ink(b, reference.width, reference.height, boxB.x + x + dx, boxB.y + y + dy)
                        if inA && inB { both += 1 }
                        if inA || inB { either += 1 }
                    }
                }
                best = max(best, either == 0 ? 0 : Double(both) / Double(either))
            }
        }
        return Similarity(drawn: (boxA.w, boxA.h), reference: (boxB.w, boxB.h), overlap: best)
    }

    private static func ink(_ mask: [Bool], _ width: Int, _ height: Int, _ x: Int, _ y: Int) -> Bool {
        x >= 0 && y >= 0 && x < width && y < height && mask[y * width + x]
    }
}
