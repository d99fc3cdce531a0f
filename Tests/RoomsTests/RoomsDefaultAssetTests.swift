import Foundation
import Rooms
import XCTest

/// R1: the built-in `assets/rooms.json` is valid and has the promised rooms.
final class RoomsDefaultAssetTests: XCTestCase {
    private func loadDefaultRooms() throws -> RoomsConfig {
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let bytes = try Data(contentsOf: packageRoot.appendingPathComponent("assets/rooms.json"))
        return try RoomsFile.parse(bytes, fileName: "assets/rooms.json")
    }

    func testTheDefaultRoomsMeetR1() throws {
        let config = try loadDefaultRooms()
        let live = config.rooms.filter { $0.kind == .live && $0.role == .audience }
        let calls = config.rooms.filter { $0.kind == .call }
        let hosts = config.rooms.filter { $0.role == .host }
        XCTAssertGreaterThanOrEqual(live.count, 3)
        XCTAssertGreaterThanOrEqual(calls.count, 2)
        XCTAssertGreaterThanOrEqual(hosts.count, 1)
        XCTAssertTrue(calls.contains { if case .call(let people) = $0.media { people.count == 4 } else { false } })
        XCTAssertEqual(config.settings, RoomsSettings(autoPiP: true, autoExit: true))
    }

    func testEveryDefaultSourceIsADistinctSyntheticGraphWithVideoAndSound() throws {
        let config = try loadDefaultRooms()
        let sources = config.rooms.flatMap { room -> [SourceSpec] in
            switch room.media {
            case .live(let source): [source]
            case .call(let participants): participants.map(\.source)
            }
        }
        let graphs = sources.compactMap { source -> String? in
            if case .lavfi(let graph) = source { graph } else { nil }
        }
        XCTAssertEqual(graphs.count, sources.count, "every default source is lavfi")
        XCTAssertEqual(Set(graphs).count, graphs.count, "default sources are distinct")
        for graph in graphs {
            XCTAssertTrue(graph.contains("[out0]") && graph.contains("[out1]"), graph)
        }
    }

    func testTheFourPersonCallTakesTurnsBeingLoud() throws {
        let config = try loadDefaultRooms()
        let fourPeople = config.rooms.compactMap { room -> [Participant]? in
            if case .call(let people) = room.media, people.count == 4 { people } else { nil }
        }.first ?? []
        let loudnessExpressions = fourPeople.compactMap { participant -> String? in
            guard case .lavfi(let graph) = participant.source, let range = graph.range(of: "volume='") else { return nil }
            return String(graph[range.upperBound...].prefix { $0 != "'" })
        }
        XCTAssertEqual(loudnessExpressions.count, 4)
        XCTAssertEqual(Set(loudnessExpressions).count, 4, "each participant is loud at a different time")
    }
}
