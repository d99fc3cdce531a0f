import Rooms
import XCTest

/// Which rooms files may open an input device (FloatApp loads libavdevice ahead for them).
final class RoomsDevicesTests: XCTestCase {
    private let file = SourceSpec.file(path: "/media/clip.mp4")
    private let stream = SourceSpec.url("https://example.org/live.m3u8")

    private func live(_ id: String, _ source: SourceSpec) -> Room {
        Room(id: id, title: id, media: .live(source: source))
    }

    func testFilesAndURLsOpenNoDevice() {
        let config = RoomsConfig(rooms: [
            live("a", file), live("b", stream),
            Room(id: "c", title: "c", media: .call(participants: [Participant(name: "P", source: stream)])),
        ])
        XCTAssertFalse(config.mayOpenDevices)
    }

    func testAnyDeviceSourceOpensADevice() {
        let devices: [SourceSpec] = [
            .lavfi(graph: "testsrc2"), .v4l2(device: "/dev/video0"), .x11grab(display: ":0.0"),
            .pulse(source: "default"), .alsa(device: "hw:0"),
        ]
        for device in devices {
            XCTAssertTrue(RoomsConfig(rooms: [live("a", file), live("b", device)]).mayOpenDevices, "\(device)")
            let call = Room(id: "c", title: "c", media: .call(participants: [
                Participant(name: "P1", source: stream), Participant(name: "P2", source: device),
            ]))
            XCTAssertTrue(RoomsConfig(rooms: [call]).mayOpenDevices, "a participant's \(device)")
        }
    }

    func testAJoinedCallSendsTheCameraAndMicrophoneUnlessBothAreOff() {
        let onServer = Room(id: "c", title: "c", media: .call(participants: []), callServerID: "s")
        let server = LiveServer(id: "s", title: "S", stats: "http://127.0.0.1:8080/stat", play: StreamURLTemplate("rtmp://127.0.0.1/live/{stream}"),
                                calls: CallURLTemplate("rtmp://127.0.0.1/call/{call}/{member}"))
        XCTAssertTrue(RoomsConfig(rooms: [onServer]).mayOpenDevices, "the desktop's default camera and microphone")
        XCTAssertTrue(RoomsConfig(rooms: [], servers: [server]).mayOpenDevices, "a server that lists calls")
        XCTAssertFalse(RoomsConfig(rooms: [onServer], me: Me(camera: .none, microphone: .none)).mayOpenDevices)
        XCTAssertFalse(RoomsConfig(rooms: [onServer], me: Me(camera: .source(file), microphone: .none)).mayOpenDevices)
        XCTAssertTrue(RoomsConfig(rooms: [onServer], me: Me(camera: .none, microphone: .source(.pulse(source: "default")))).mayOpenDevices)
        var listingOnly = server
        listingOnly.calls = nil
        XCTAssertFalse(RoomsConfig(rooms: [], servers: [listingOnly]).mayOpenDevices, "a server of live streams only")
    }
}
