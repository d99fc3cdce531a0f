import Foundation
import PiPLayout
import XCTest

final class FloatMotionPlacementTests: XCTestCase {
    private func encoded(_ placement: Placement) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(placement), as: UTF8.self)
    }

    private func decoded(_ json: String) throws -> Placement {
        try JSONDecoder().decode(Placement.self, from: Data(json.utf8))
    }

    func testCornerEncodesAsReadableSnakeCase() throws {
        XCTAssertEqual(
            try encoded(Placement(anchor: .corner(.bottomRight), widthFraction: 0.25)),
            #"{"corner":"bottom_right","width_fraction":0.25}"#)
    }

    func testStashEncodesSideAndHeight() throws {
        XCTAssertEqual(
            try encoded(Placement(anchor: .stashed(.left, heightFraction: 0.5), widthFraction: 0.3)),
            #"{"stash_height_fraction":0.5,"stash_side":"left","width_fraction":0.3}"#)
    }

    func testRoundTripsEveryAnchor() throws {
        let anchors = Corner.allCases.map(Anchor.corner) + StashSide.allCases.map { Anchor.stashed($0, heightFraction: 0.75) }
        for anchor in anchors {
            let placement = Placement(anchor: anchor, widthFraction: 0.4)
            XCTAssertEqual(try decoded(try encoded(placement)), placement)
        }
    }

    func testStashHeightDefaultsToTheMiddle() throws {
        XCTAssertEqual(
            try decoded(#"{"stash_side":"right","width_fraction":0.2}"#),
            Placement(anchor: .stashed(.right, heightFraction: 0.5), widthFraction: 0.2))
    }

    func testInvalidStatesAreRejected() {
        let invalid = [
            #"{"width_fraction":0.25}"#,
            #"{"corner":"top_left","stash_side":"left","width_fraction":0.25}"#,
            #"{"corner":"middle","width_fraction":0.25}"#,
            #"{"corner":"top_left","width_fraction":0}"#,
            #"{"corner":"top_left","width_fraction":1.5}"#,
            #"{"corner":"top_left"}"#,
            #"{"stash_side":"left","stash_height_fraction":2,"width_fraction":0.25}"#,
            #"[]"#,
        ]
        for json in invalid {
            XCTAssertThrowsError(try decoded(json), json)
        }
    }
}
