import Rooms

/// The rooms the model tests of both cores start from: two live rooms, a three-person call,
/// a host room and a room that opted out of PiP.
public enum FixtureRooms {
    public static let liveA = Room(id: "live-a", title: "Live A", media: .live(source: .lavfi(graph: "testsrc2")))
    public static let liveB = Room(id: "live-b", title: "Live B", media: .live(source: .url("https://example.com/b.m3u8")))
    public static let call = Room(id: "call", title: "Call", media: .call(participants: [
        Participant(name: "P0", source: .lavfi(graph: "testsrc2")),
        Participant(name: "P1", source: .lavfi(graph: "smptebars")),
        Participant(name: "P2", source: .lavfi(graph: "rgbtestsrc")),
    ]))
    public static let host = Room(id: "host", title: "Host", role: .host, media: .live(source: .v4l2(device: "/dev/video0")))
    public static let noPiP = Room(id: "no-pip", title: "No PiP", pip: false, media: .live(source: .file(path: "/tmp/a.mp4")))
    public static let all = [liveA, liveB, call, host, noPiP]
}

extension RoomsLoadError {
    /// A rooms file that does not load with `count` problems (each a missing `rooms` at 1:1).
    public static func problems(_ count: Int) -> RoomsLoadError {
        .invalid(RoomsFileError(problems: Array(repeating: RoomsFileProblem(
            fileName: "rooms.json", position: TextPosition(line: 1, column: 1), path: .root,
            reason: .missingField("rooms", need: nil)), count: count)))
    }
}
