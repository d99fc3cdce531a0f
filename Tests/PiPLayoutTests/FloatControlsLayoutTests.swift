import PiPLayout
import XCTest

/// The hovered float's controls: every one inside the float, none overlapping, each hit by a
/// click in its rectangle, and the least important hidden first when space runs out.
final class FloatControlsLayoutTests: XCTestCase {
    private typealias Layout = FloatControlsLayout

    /// Checks the layout's invariants for one float; returns the controls shown.
    @discardableResult
    private func check(_ kind: Layout.Kind, _ size: Size, scale: Double, file: StaticString = #filePath,
                       line: UInt = #line) -> [Layout.Control] {
        let layout = Layout(kind: kind, size: size, scale: scale)
        let bounds = Rect(origin: .zero, size: size)
        let label = "\(kind) \(size.width)x\(size.height) at \(scale)x"
        for (i, a) in layout.placements.enumerated() {
            XCTAssertTrue(bounds.contains(a.rect), "\(a.control) outside the float, \(label)", file: file, line: line)
            XCTAssertGreaterThan(a.rect.width, 0, "\(a.control), \(label)", file: file, line: line)
            XCTAssertEqual(layout.control(at: a.rect.center), a.control, "click in \(a.control), \(label)",
                           file: file, line: line)
            for b in layout.placements[(i + 1)...] {
                let apart = a.rect.maxX <= b.rect.minX || b.rect.maxX <= a.rect.minX
                    || a.rect.maxY <= b.rect.minY || b.rect.maxY <= a.rect.minY
                XCTAssertTrue(apart, "\(a.control) overlaps \(b.control), \(label)", file: file, line: line)
            }
        }
        let shown = layout.placements.map(\.control)
        let priority = Layout.priority(of: kind)
        XCTAssertEqual(Set(shown), Set(priority.prefix(shown.count)),
                       "only the least important controls are hidden, \(label)", file: file, line: line)
        return shown
    }

    func testMinimumAndDefaultFloatsAtEveryScale() {
        for scale in [1.0, 1.25, 1.5, 2] {
            for base in [Size(width: 160, height: 90), Size(width: 480, height: 270)] {
                for kind in [Layout.Kind.live, .call] {
                    let shown = check(kind, base * scale, scale: scale)
                    XCTAssertTrue(shown.contains(kind == .call ? .leave : .restore), "\(kind) \(base) at \(scale)x")
                }
            }
            XCTAssertEqual(Set(check(.call, Size(width: 480, height: 270) * scale, scale: scale)),
                           Set(Layout.Control.allCases).subtracting([.close]), "a default call float has it all")
            XCTAssertEqual(Set(check(.live, Size(width: 160, height: 90) * scale, scale: scale)),
                           [.restore, .close, .mute, .volume], "a minimum live float has it all")
        }
    }

    func testTheSmallestCallFloatHidesTheVolumeFirst() {
        let layout = Layout(kind: .call, size: Size(width: 160, height: 90), scale: 1)
        XCTAssertEqual(Set(layout.placements.map(\.control)), [.leave, .restore, .mute, .speakerName])
        let leave = layout.rect(of: .leave)
        XCTAssertEqual(leave?.maxX, 154, "Leave sits at the bottom-right corner, inside the margin")
        XCTAssertEqual(leave?.maxY, 84)
        XCTAssertEqual(layout.rect(of: .restore)?.origin, Point(x: 6, y: 6))
    }

    func testAShortFloatPutsEverythingInOneRow() {
        let layout = Layout(kind: .live, size: Size(width: 400, height: 60), scale: 1)
        XCTAssertEqual(layout.placements.map(\.control), [.restore, .mute, .volume, .close])
        XCTAssertEqual(Set(layout.placements.map(\.rect.minY)).count, 1)
    }

    func testClicksBetweenControlsHitNothing() {
        let layout = Layout(kind: .call, size: Size(width: 480, height: 270), scale: 1)
        XCTAssertNil(layout.control(at: Point(x: 240, y: 135)), "the middle of the video is not a control")
        XCTAssertNil(Layout(kind: .call, size: Size(width: 10, height: 10), scale: 1).control(at: Point(x: 5, y: 5)))
    }

    func testEverySizeFromTinyToLarge() {
        for scale in [1.0, 1.5, 2] {
            for width in stride(from: 20.0, through: 1000, by: 13) {
                for height in stride(from: 20.0, through: 600, by: 17) {
                    check(.live, Size(width: width, height: height), scale: scale)
                    check(.call, Size(width: width, height: height), scale: scale)
                }
            }
        }
    }
}
