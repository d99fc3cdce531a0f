import AppCore
import Rooms
import TestSupport
import XCTest

/// R2-R4: reading valid rooms files and reporting every problem of bad ones.
final class RoomsFileTests: XCTestCase {
    private func config(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> RoomsConfig? {
        switch parseRooms(text) {
        case .success(let config): return config
        case .failure(let error):
            XCTFail(error.words, file: file, line: line)
            return nil
        }
    }

    // MARK: Valid files

    func testAValidFileGivesEveryRoomWithDefaults() {
        let text = """
        {
          "rooms": [
            {"id": "news", "title": "News", "kind": "live", "source": "https://example.com/live.m3u8"},
            {"id": "Cam_1", "title": "Camera", "kind": "live", "role": "host", "pip": false, "source": "v4l2:/dev/video0"},
            {"id": "team", "title": "Team", "kind": "call", "role": "audience", "participants": [
              {"name": "Ann", "source": "lavfi:testsrc2=size=640x360[out0];sine[out1]"},
              {"name": "Bo", "source": "/srv/media/bo.mp4"}
            ]},
            {"id": "desk", "title": "Desk", "kind": "live", "source": "x11grab::0.0+10,20"}
          ],
          "settings": {"auto_pip": false}
        }
        """
        XCTAssertEqual(config(text), RoomsConfig(rooms: [
            Room(id: "news", title: "News", media: .live(source: .url("https://example.com/live.m3u8"))),
            Room(id: "Cam_1", title: "Camera", role: .host, pip: false, media: .live(source: .v4l2(device: "/dev/video0"))),
            Room(id: "team", title: "Team", media: .call(participants: [
                Participant(name: "Ann", source: .lavfi(graph: "testsrc2=size=640x360[out0];sine[out1]")),
                Participant(name: "Bo", source: .file(path: "/srv/media/bo.mp4")),
            ])),
            Room(id: "desk", title: "Desk", media: .live(source: .x11grab(display: ":0.0+10,20"))),
        ], settings: RoomsSettings(autoPiP: false, autoExit: true)))
    }

    func testSettingsAreOptional() {
        let parsed = config(#"{"rooms": [{"id": "a", "title": "A", "kind": "live", "source": "lavfi:testsrc"}]}"#)
        XCTAssertEqual(parsed?.settings, RoomsSettings(autoPiP: true, autoExit: true))
        XCTAssertEqual(parsed?.rooms.map(\.kind), [.live])
    }

    /// Random valid configurations written out as JSON come back unchanged.
    func testRandomConfigurationsRoundTrip() {
        var rng = SeededRandom(seed: 7)
        let sources: [SourceSpec] = [
            .file(path: "/a b/c.mp4"), .url("rtsp://cam.local:554/stream"), .url("hls+https://h/x.m3u8"),
            .lavfi(graph: "testsrc2[out0];sine=f='if(lt(t,1),440,880)'[out1]"), .v4l2(device: "/dev/video2"),
            .x11grab(display: "host:1.0"), .url("srt://1.2.3.4:9000?mode=caller"), .file(path: "file.mkv"),
        ]
        for round in 0..<200 {
            let rooms = (0..<Int.random(in: 1...6, using: &rng)).map { index -> Room in
                let media: RoomMedia = Bool.random(using: &rng)
                    ? .live(source: sources.randomElement(using: &rng)!)
                    : .call(participants: (0..<Int.random(in: 1...16, using: &rng)).map {
                        Participant(name: "P\u{e9}\"\($0)\\", source: sources.randomElement(using: &rng)!)
                    })
                return Room(id: "r-\(round)_\(index)", title: "Title \u{1F600} \(index)\n",
                            role: Bool.random(using: &rng) ? .host : .audience, pip: Bool.random(using: &rng), media: media)
            }
            let expected = RoomsConfig(rooms: rooms, settings: RoomsSettings(autoPiP: Bool.random(using: &rng), autoExit: Bool.random(using: &rng)))
            XCTAssertEqual(config(RoomsJSONWriter.text(of: expected)), expected)
        }
    }

    // MARK: Syntax errors

    func testMalformedJSONNamesFileLineAndColumn() {
        let text = """
        {"rooms": [
          {"id": "a", "title": "A", "kind": "live", "source": "lavfi:testsrc"}
          {"id": "b", "title": "B", "kind": "live", "source": "lavfi:testsrc"}
        ]}
        """
        XCTAssertEqual(roomsProblems(text), ["rooms.json:3:3: expected ',' or ']'"])
        XCTAssertEqual(roomsProblems("{\"rooms\": [\n  {\"id\": \"a\" \"title\": \"A\"}\n]}"), ["rooms.json:2:14: expected ',' or '}'"])
        XCTAssertEqual(roomsProblems(""), ["rooms.json:1:1: unexpected end of file; expected a value"])
    }

    // MARK: Structure

    func testTheTopLevelMustBeAnObjectWithRooms() {
        XCTAssertEqual(roomsProblems("[]"), ["rooms.json:1:1: top level: expected an object, found an array"])
        XCTAssertEqual(roomsProblems("{}"), ["rooms.json:1:1: top level: missing field \"rooms\""])
        XCTAssertEqual(roomsProblems(#"{"rooms": {}}"#), ["rooms.json:1:11: rooms: expected an array of rooms, found an object"])
        XCTAssertEqual(roomsProblems(#"{"rooms": []}"#), ["rooms.json:1:11: rooms: no rooms (at least one is needed, or a server)"])
        XCTAssertEqual(roomsProblems(#"{"rooms": [7]}"#), ["rooms.json:1:12: rooms[0]: expected an object, found a number"])
    }

    func testUnknownFieldsAreNamed() {
        let text = """
        {"rooms": [{"id": "a", "title": "A", "kind": "live", "source": "lavfi:x", "colour": "red"}],
         "settings": {"auto_pip": true, "autopip": false}, "theme": 1}
        """
        XCTAssertEqual(roomsProblems(text), [
            "rooms.json:1:75: rooms[0].colour: unknown field \"colour\" (expected id, title, kind, role, pip, source, participants, publish, server, bitrate or videoroom)",
            "rooms.json:2:33: settings.autopip: unknown field \"autopip\" (expected auto_pip or auto_exit)",
            "rooms.json:2:52: theme: unknown field \"theme\" (expected rooms, servers, settings, me or playlists)",
        ])
    }

    func testRepeatedFieldsAreReported() {
        let text = #"{"rooms": [{"id": "a", "id": "b", "title": "A", "kind": "live", "source": "lavfi:x"}]}"#
        XCTAssertEqual(roomsProblems(text), ["rooms.json:1:24: rooms[0].id: duplicate field \"id\" (first at 1:13)"])
    }

    func testWrongTypesAreReported() {
        let text = """
        {"rooms": [{"id": 1, "title": ["A"], "kind": "live", "role": null, "pip": "no", "source": 5}],
         "settings": {"auto_pip": 1, "auto_exit": "yes"}}
        """
        XCTAssertEqual(roomsProblems(text), [
            "rooms.json:1:19: rooms[0].id: expected a string, found a number",
            "rooms.json:1:31: rooms[0].title: expected a string, found an array",
            "rooms.json:1:62: rooms[0].role: expected a string, found null",
            "rooms.json:1:75: rooms[0].pip: expected true or false, found a string",
            "rooms.json:1:91: rooms[0].source: expected a string, found a number",
            "rooms.json:2:27: settings.auto_pip: expected true or false, found a number",
            "rooms.json:2:43: settings.auto_exit: expected true or false, found a string",
        ])
    }

    // MARK: Values

    func testUnknownKindAndRoleValues() {
        let text = #"{"rooms": [{"id": "a", "title": "A", "kind": "vod", "role": "owner", "source": "lavfi:x"}]}"#
        XCTAssertEqual(roomsProblems(text), [
            "rooms.json:1:46: rooms[0].kind: unknown kind \"vod\" (expected \"live\" or \"call\")",
            "rooms.json:1:61: rooms[0].role: unknown role \"owner\" (expected \"audience\" or \"host\")",
        ])
    }

    func testIDsMustMatchThePattern() {
        let long = String(repeating: "x", count: 65)
        for bad in ["", "a b", "caf\u{e9}", "a/b", "a.b", long] {
            let text = #"{"rooms": [{"id": "\#(bad)", "title": "A", "kind": "live", "source": "lavfi:x"}]}"#
            XCTAssertEqual(roomsProblems(text), [
                "rooms.json:1:19: rooms[0].id: invalid id \"\(bad)\": use 1 to 64 characters from A-Z, a-z, 0-9, _ and -",
            ], bad)
        }
        XCTAssertTrue(RoomsFile.isValidID(String(repeating: "y", count: 64)))
        XCTAssertTrue(RoomsFile.isValidID("A-z_09"))
    }

    func testDuplicateIDsNameTheFirstUse() {
        let text = """
        {"rooms": [
          {"id": "x", "title": "A", "kind": "live", "source": "lavfi:a"},
          {"id": "y", "title": "B", "kind": "live", "source": "lavfi:b"},
          {"id": "x", "title": "C", "kind": "live", "source": "lavfi:c"},
          {"id": "y", "title": "D", "kind": "live", "source": "lavfi:d"}
        ]}
        """
        XCTAssertEqual(roomsProblems(text), [
            "rooms.json:4:10: rooms[2].id: duplicate id \"x\" (first at rooms[0])",
            "rooms.json:5:10: rooms[3].id: duplicate id \"y\" (first at rooms[1])",
        ])
    }

    func testMissingFields() {
        let text = """
        {"rooms": [
          {"title": "A", "kind": "live", "source": "lavfi:a"},
          {"id": "b", "kind": "live", "source": "lavfi:b"},
          {"id": "c", "title": "C", "source": "lavfi:c"},
          {"id": "d", "title": "D", "kind": "live"},
          {"id": "e", "title": "E", "kind": "call"},
          {"id": "f", "title": " ", "kind": "call", "participants": [{"source": "lavfi:x"}, {"name": "N"}]}
        ]}
        """
        XCTAssertEqual(roomsProblems(text), [
            "rooms.json:2:3: rooms[0]: missing field \"id\"",
            "rooms.json:3:3: rooms[1]: missing field \"title\"",
            "rooms.json:4:3: rooms[2]: missing field \"kind\"",
            "rooms.json:5:3: rooms[3]: missing field \"source\" (a live room needs one)",
            "rooms.json:6:3: rooms[4]: missing field \"participants\" (a call room needs 1 to 16)",
            "rooms.json:7:24: rooms[5].title: must not be empty",
            "rooms.json:7:62: rooms[5].participants[0]: missing field \"name\"",
            "rooms.json:7:85: rooms[5].participants[1]: missing field \"source\"",
        ])
    }

    func testSourceAndParticipantsMustMatchTheKind() {
        let text = """
        {"rooms": [
          {"id": "a", "title": "A", "kind": "live", "source": "lavfi:a", "participants": []},
          {"id": "b", "title": "B", "kind": "call", "source": "lavfi:b", "participants": [{"name": "N", "source": "lavfi:n"}]}
        ]}
        """
        XCTAssertEqual(roomsProblems(text), [
            "rooms.json:2:66: rooms[0].participants: a live room takes \"source\", not \"participants\"",
            "rooms.json:3:45: rooms[1].source: a call room takes \"participants\", not \"source\"",
        ])
    }

    func testParticipantCountMustBeOneToSixteen() {
        func call(_ count: Int) -> String {
            let participants = (0..<count).map { #"{"name": "P\#($0)", "source": "lavfi:testsrc"}"# }.joined(separator: ", ")
            return #"{"rooms": [{"id": "c", "title": "C", "kind": "call", "participants": [\#(participants)]}]}"#
        }
        XCTAssertEqual(roomsProblems(call(0)), ["rooms.json:1:70: rooms[0].participants: a call needs 1 to 16 participants, found 0"])
        XCTAssertEqual(roomsProblems(call(17)), ["rooms.json:1:70: rooms[0].participants: a call needs 1 to 16 participants, found 17"])
        XCTAssertEqual(config(call(1))?.rooms.first?.media, .call(participants: [Participant(name: "P0", source: .lavfi(graph: "testsrc"))]))
        XCTAssertEqual(config(call(16))?.rooms.count, 1)
        XCTAssertEqual(roomsProblems(#"{"rooms": [{"id": "c", "title": "C", "kind": "call", "participants": "x"}]}"#),
                       ["rooms.json:1:70: rooms[0].participants: expected an array of participants, found a string"])
    }

    func testBadSourceSchemesAreReportedWhereverTheyAre() {
        let text = """
        {"rooms": [
          {"id": "a", "title": "A", "kind": "live", "source": "ftp://example.com/a.mp4"},
          {"id": "b", "title": "B", "kind": "live", "source": "concat:a.mp4|b.mp4"},
          {"id": "c", "title": "C", "kind": "call", "participants": [
            {"name": "N", "source": "subfile:,start,100,end,200,:/a.mp4"},
            {"name": "M", "source": "lavfi:"}
          ]},
          {"id": "d", "title": "D", "kind": "live", "source": "foo://bar"}
        ]}
        """
        let allowed = "(allowed: a file path, file:, http://, https://, rtsp://, rtmp://, udp://, srt://, tcp://, tls://, rtp://, hls+..., lavfi:, v4l2:, x11grab:, pulse:, alsa:)"
        XCTAssertEqual(roomsProblems(text), [
            "rooms.json:2:55: rooms[0].source: unsupported source scheme \"ftp:\" \(allowed)",
            "rooms.json:3:55: rooms[1].source: unsupported source scheme \"concat:\" \(allowed)",
            "rooms.json:5:29: rooms[2].participants[0].source: unsupported source scheme \"subfile:\" \(allowed)",
            "rooms.json:6:29: rooms[2].participants[1].source: \"lavfi:\" needs a filter graph after it",
            "rooms.json:8:55: rooms[3].source: unsupported source scheme \"foo:\" \(allowed)",
        ])
    }

    func testMalformedSoundSourcesAreReportedWhereTheyAre() {
        let text = """
        {"rooms": [
          {"id": "a", "title": "A", "kind": "live", "source": "pulse: microphone"},
          {"id": "b", "title": "B", "kind": "call", "participants": [
            {"name": "N", "source": "alsa:"},
            {"name": "M", "source": "pulse:default"}
          ]}
        ]}
        """
        XCTAssertEqual(roomsProblems(text), [
            "rooms.json:2:55: rooms[0].source: \"pulse:\" needs a sound source name like default or alsa_input.pci-0000_00_1f.3.analog-stereo (1 to 128 characters, no control characters, no space at either end), found \" microphone\"",
            "rooms.json:4:29: rooms[1].participants[0].source: \"alsa:\" needs an ALSA device name like default or hw:0,0 (letters, digits and . _ - : , = @, at most 128), found \"\"",
        ])
        let good = #"{"rooms": [{"id": "m", "title": "M", "kind": "live", "source": "pulse:echo-cancel-source"}]}"#
        XCTAssertEqual(config(good)?.rooms.first?.media, .live(source: .pulse(source: "echo-cancel-source")))
    }

    func testEveryProblemIsReportedAtOnceInFileOrder() {
        let text = """
        {"settings": {"auto_exit": 0},
         "rooms": [
          {"id": "ok", "title": "Fine", "kind": "live", "source": "lavfi:testsrc"},
          {"id": "ok", "title": "Dup", "kind": "stream", "source": "gopher://x"},
          {"id": "c", "title": "C", "kind": "call", "participants": []}
        ]}
        """
        XCTAssertEqual(roomsProblems(text), [
            "rooms.json:1:28: settings.auto_exit: expected true or false, found a number",
            "rooms.json:4:10: rooms[1].id: duplicate id \"ok\" (first at rooms[0])",
            "rooms.json:4:40: rooms[1].kind: unknown kind \"stream\" (expected \"live\" or \"call\")",
            "rooms.json:4:60: rooms[1].source: unsupported source scheme \"gopher:\" (allowed: a file path, file:, http://, https://, rtsp://, rtmp://, udp://, srt://, tcp://, tls://, rtp://, hls+..., lavfi:, v4l2:, x11grab:, pulse:, alsa:)",
            "rooms.json:5:61: rooms[2].participants: a call needs 1 to 16 participants, found 0",
        ])
    }

    func testTheFileNameIsTheOneGiven() {
        let error = parseRooms("{", fileName: "/home/u/.config/floatapp/rooms.json").failure
        XCTAssertEqual(error?.words, "/home/u/.config/floatapp/rooms.json:1:2: unexpected end of file; expected a string key")
    }
}
