import EngineTerms
import SessionBus
import XCTest
@testable import MPRIS

/// The MPRIS object's answers and signals, computed without a bus.
final class MPRISResponderTests: XCTestCase {
    private let call = MediaState(track: .init(id: "standup", title: "Team Standup", artist: "Ada"),
                                  status: .playing, volume: 0.5)

    private func answer(_ interface: String?, _ member: String, _ arguments: [DBusValue] = [],
                        path: String = MPRISProperties.objectPath, state: MediaState? = nil) -> MPRISAnswer {
        MPRISResponder.answer(BusCall(path: path, interface: interface, member: member, arguments: arguments),
                              state: state ?? call)
    }

    private func errorName(_ answer: MPRISAnswer) -> String? {
        if case .error(let name, _) = answer.reply { return name }
        return nil
    }

    func testGetAllListsEveryPropertyMPRISRequires() throws {
        let player = answer("org.freedesktop.DBus.Properties", "GetAll", [.string(MPRISProperties.playerInterface)])
        guard case .values(let values) = player.reply, case .dictionary(let entries)? = values.first else {
            return XCTFail("\(player)")
        }
        XCTAssertEqual(entries.map(\.key), ["PlaybackStatus", "Rate", "Metadata", "Volume", "Position", "MinimumRate",
                                            "MaximumRate", "CanGoNext", "CanGoPrevious", "CanPlay", "CanPause",
                                            "CanSeek", "CanControl"])
        let root = try XCTUnwrap(MPRISProperties.all(of: MPRISProperties.rootInterface, in: call))
        XCTAssertEqual(root.first { $0.name == "Identity" }?.value, .string("FloatApp"))
        XCTAssertEqual(root.first { $0.name == "DesktopEntry" }?.value, .string("org.floatapp.FloatApp"), "the desktop file's id")
        XCTAssertEqual(errorName(answer("org.freedesktop.DBus.Properties", "GetAll", [.string("org.example.None")])),
                       "org.freedesktop.DBus.Error.UnknownInterface")
    }

    func testMetadataNamesTheRoomAndTheSpeaker() {
        let metadata = answer("org.freedesktop.DBus.Properties", "Get",
                              [.string(MPRISProperties.playerInterface), .string("Metadata")])
        XCTAssertEqual(metadata.reply, .values([.variant(.dictionary([
            ("mpris:trackid", .objectPath("/org/floatapp/FloatApp/room/standup")),
            ("xesam:title", .string("Team Standup")),
            ("xesam:artist", .stringArray(["Ada"])),
        ]))]))
        let none = answer("org.freedesktop.DBus.Properties", "Get",
                          [.string(MPRISProperties.playerInterface), .string("Metadata")], state: MediaState())
        XCTAssertEqual(none.reply, .values([.variant(.dictionary([("mpris:trackid", .objectPath(MPRISProperties.noTrack))]))]))
    }

    func testTrackIDsAreValidObjectPathsForAnyRoomID() {
        XCTAssertEqual(MPRISProperties.trackID(forRoom: "a-b.c"), "/org/floatapp/FloatApp/room/a_2db_2ec")
        XCTAssertEqual(MPRISProperties.trackID(forRoom: ""), "/org/floatapp/FloatApp/room/_")
        XCTAssertEqual(MPRISProperties.trackID(forRoom: "é"), "/org/floatapp/FloatApp/room/_c3_a9")
    }

    func testTransportCommandsNeedAnOpenRoom() {
        XCTAssertEqual(answer(nil, "PlayPause").command, .playPause)
        XCTAssertEqual(answer(MPRISProperties.playerInterface, "Stop").command, .stop)
        for member in ["PlayPause", "Play", "Pause", "Stop"] {
            let idle = answer(MPRISProperties.playerInterface, member, state: MediaState())
            XCTAssertEqual(idle, .empty, "\(member) with no room has no effect")
        }
        for member in ["Next", "Previous"] { XCTAssertEqual(answer(MPRISProperties.playerInterface, member), .empty) }
        XCTAssertEqual(errorName(answer(MPRISProperties.playerInterface, "OpenUri", [.string("http://x")])),
                       "org.freedesktop.DBus.Error.NotSupported")
    }

    func testOnlyVolumeCanBeSetAndItIsClamped() {
        func set(_ name: String, _ value: DBusValue) -> MPRISAnswer {
            answer("org.freedesktop.DBus.Properties", "Set",
                   [.string(MPRISProperties.playerInterface), .string(name), .variant(value)])
        }
        XCTAssertEqual(set("Volume", .double(0.25)).command, .setVolume(0.25))
        XCTAssertEqual(set("Volume", .double(-2)).command, .setVolume(0))
        XCTAssertEqual(set("Volume", .double(3)).command, .setVolume(1))
        XCTAssertEqual(errorName(set("Volume", .double(.nan))), "org.freedesktop.DBus.Error.InvalidArgs")
        XCTAssertEqual(errorName(set("Volume", .string("loud"))), "org.freedesktop.DBus.Error.InvalidArgs")
        XCTAssertEqual(errorName(set("CanSeek", .bool(true))), "org.freedesktop.DBus.Error.PropertyReadOnly")
        XCTAssertEqual(errorName(set("Loudness", .double(1))), "org.freedesktop.DBus.Error.UnknownProperty")
    }

    func testChangesListOnlyWhatChanged() {
        XCTAssertTrue(MPRISProperties.changes(from: call, to: call).isEmpty)
        var paused = call
        paused.status = .paused
        paused.volume = 0.2
        let changes = MPRISProperties.changes(from: call, to: paused)
        XCTAssertEqual(changes.map(\.interface), [MPRISProperties.playerInterface])
        XCTAssertEqual(changes.first?.changed.map(\.name), ["PlaybackStatus", "Volume"])
        let closed = MPRISProperties.changes(from: call, to: MediaState(volume: 0.5))
        XCTAssertEqual(closed.first?.changed.map(\.name), ["PlaybackStatus", "Metadata", "CanPlay", "CanPause"])
    }

    func testIntrospectionAndUnknownObjects() {
        guard case .values(let values) = answer(nil, "Introspect").reply, case .string(let xml)? = values.first else {
            return XCTFail("Introspect answers a string")
        }
        XCTAssertTrue(xml.contains("<property name=\"Volume\" type=\"d\" access=\"readwrite\"/>"))
        XCTAssertEqual(answer(nil, "Introspect", path: "/org/mpris").reply,
                       .values([.string("<node><node name=\"MediaPlayer2\"/></node>")]))
        XCTAssertEqual(answer(nil, "Introspect", path: "/").reply, .values([.string("<node><node name=\"org\"/></node>")]))
        XCTAssertEqual(errorName(answer(nil, "Raise", path: "/elsewhere")), "org.freedesktop.DBus.Error.UnknownObject")
    }
}
