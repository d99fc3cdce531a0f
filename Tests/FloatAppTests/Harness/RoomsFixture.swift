import Foundation

/// Rooms files (SPEC R2) that end-to-end tests write for the app, with small synthetic sources.
struct RoomsFixture {
    /// One room of the file.
    struct Room {
        /// The room id.
        let id: String
        /// The title shown in the list, the full view and the float's title.
        let title: String
        /// The room's JSON object.
        let object: [String: Any]

        /// A live room playing `source`.
        static func live(_ id: String, title: String, source: String = RoomsFixture.movingSource) -> Room {
            Room(id: id, title: title, object: ["id": id, "title": title, "kind": "live", "source": source])
        }

        /// A call room with one participant per `(name, source)`.
        static func call(_ id: String, title: String, participants: [(name: String, source: String)]) -> Room {
            let list = participants.map { ["name": $0.name, "source": $0.source] }
            return Room(id: id, title: title, object: ["id": id, "title": title, "kind": "call", "participants": list])
        }
    }

    /// Moving test pattern with a tone: a picture that changes every frame.
    static let movingSource = "lavfi:testsrc2=size=640x360:rate=30[out0];sine=f=440[out1]"

    /// A still picture of one colour (`hex` like "2a6f97"): pixels that change only when the UI does.
    static func colorSource(_ hex: String) -> String {
        "lavfi:color=c=0x\(hex):size=640x360:rate=30"
    }

    /// The rooms, in list order.
    let rooms: [Room]

    /// Writes `{"rooms": [...]}` to `rooms.json` in `folder` (atomically, so an app watching the
    /// file never reads half of it) and returns the file.
    func write(in folder: URL) throws -> URL {
        let file = folder.appendingPathComponent("rooms.json")
        let data = try JSONSerialization.data(
            withJSONObject: ["rooms": rooms.map(\.object)], options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        try data.write(to: file, options: .atomic)
        return file
    }
}
