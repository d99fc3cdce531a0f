import AppCore
import PiPLayout
import XCTest


/// The float on several monitors as the app composes it (P7): it opens on the monitor of the
/// main window, as the shell last reported its centre.
final class MonitorsTests: XCTestCase {
    private let left = Display(full: Rect(x: 0, y: 0, width: 1920, height: 1080))
    private let right = Display(full: Rect(x: 1920, y: 0, width: 1280, height: 1024))

    private func shownFrame(_ effects: [AppEffect]) -> Rect? {
        effects.lazy.compactMap { if case .showFloat(_, let frame, _) = $0 { frame } else { nil } }.first
    }

    func testTheFloatOpensOnTheMonitorOfTheMainWindow() {
        var state = F.open(F.liveA)
        _ = state.reduce(.displaysRead([left, right]), now: 1)
        let onLeft = Placement.initial.frame(on: left, aspect: 16.0 / 9)
        XCTAssertEqual(state.likelyFloatFrame, onLeft, "before the main window reports where it is: the primary monitor")
        XCTAssertEqual(state.reduce(.mainWindowMoved(center: Point(x: 2500, y: 400)), now: 1), [])
        XCTAssertEqual(state.main.center, Point(x: 2500, y: 400))
        let onRight = Placement.initial.frame(on: right, aspect: 16.0 / 9)
        XCTAssertEqual(state.likelyFloatFrame, onRight)
        XCTAssertEqual(shownFrame(state.reduce(F.key(.letter("p")), now: 2)), onRight)
    }
}
