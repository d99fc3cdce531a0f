import AppCore
import Rooms
import XCTest

/// W13: `floatapp://` invite links, made from a room and read back, carrying network
/// addresses only; every refusal in words.
final class InviteLinkTests: XCTestCase {
    static let server = LiveServer(
        id: "local", title: "Local server", stats: "http://127.0.0.1:8080/stat",
        play: StreamURLTemplate("rtmp://127.0.0.1:1935/live/{stream}"),
        publish: StreamURLTemplate("rtmp://127.0.0.1:1935/live/{stream}"),
        calls: CallURLTemplate("rtmp://127.0.0.1:1935/call/{room}~{participant}"))

    private func parse(_ text: String) -> Result<InviteLink, InviteLinkError> {
        Result { () throws(InviteLinkError) in try InviteLink.parse(text) }
    }

    private func refusal(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        switch parse(text) {
        case .success(let link):
            XCTFail("expected a refusal, read \(link)", file: file, line: line)
            return nil
        case .failure(let error):
            return error.words
        }
    }

    private func link(to room: Room) -> Result<InviteLink, InviteLinkRefusal> {
        Result { () throws(InviteLinkRefusal) in try InviteLink(room: room, servers: [Self.server]) }
    }

    private func liveRoom(_ source: SourceSpec, title: String = "Evening news") -> Room {
        Room(id: "news", title: title, media: .live(source: source))
    }

    // MARK: Formatting and reading back

    func testALiveRoomsLinkCarriesItsURLAndTitleEncoded() throws {
        let room = liveRoom(.url("https://tv.example/news/index.m3u8?token=a+b&x=1"), title: "Nachrichten & Wetter 🌧")
        let link = try link(to: room).get()
        XCTAssertEqual(link, .live(title: "Nachrichten & Wetter 🌧", url: "https://tv.example/news/index.m3u8?token=a+b&x=1"))
        XCTAssertEqual(link.text, "floatapp://live?title=Nachrichten%20%26%20Wetter%20%F0%9F%8C%A7"
            + "&url=https%3A%2F%2Ftv.example%2Fnews%2Findex.m3u8%3Ftoken%3Da%2Bb%26x%3D1")
        XCTAssertEqual(try parse(link.text).get(), link)
    }

    func testACallsLinkCarriesItsServersURLsAndNameButNoPublishURL() throws {
        let room = Room(id: "standup", title: "Stand-up", media: .call(participants: []), callServerID: "local")
        let link = try link(to: room).get()
        var server = Self.server
        server.publish = nil
        XCTAssertEqual(link, .call(room: "standup", title: "Stand-up", server: server))
        XCTAssertEqual(link.text, "floatapp://call?room=standup&title=Stand-up&server=local&server-title=Local%20server"
            + "&stats=http%3A%2F%2F127.0.0.1%3A8080%2Fstat&play=rtmp%3A%2F%2F127.0.0.1%3A1935%2Flive%2F%7Bstream%7D"
            + "&calls=rtmp%3A%2F%2F127.0.0.1%3A1935%2Fcall%2F%7Broom%7D~%7Bparticipant%7D")
        XCTAssertEqual(try parse(link.text).get(), link)
    }

    func testEveryNetworkSchemeOfALinkRoundTrips() throws {
        for url in ["http://h.example/a.ts", "https://h.example/a.m3u8", "hls+https://h.example/a.m3u8", "rtmp://h.example/app/key",
                    "rtsp://user:pw@[::1]:554/s", "srt://10.0.0.2:9000?mode=caller", "udp://@239.0.0.1:1234"] {
            let link = try link(to: liveRoom(.url(url))).get()
            XCTAssertEqual(try parse(link.text).get(), .live(title: "Evening news", url: url), url)
        }
    }

    func testReadingIsLenientAboutCaseOrderASlashAndWhiteSpaceAtTheEnds() throws {
        let link = "  FloatApp://LIVE/?url=http%3a%2f%2fh.example%2fa.ts&title=A+B%e2%82%ac\n"
        XCTAssertEqual(try parse(link).get(), .live(title: "A+B€", url: "http://h.example/a.ts"))
    }

    func testATitleWithControlCharactersIsCleanedWhenMade() throws {
        let link = try link(to: liveRoom(.url("http://h.example/a"), title: "Line\none\u{7}")).get()
        XCTAssertEqual(link, .live(title: "Line one", url: "http://h.example/a"))
    }

    // MARK: What the formatter refuses

    func testRoomsOfFilesDevicesAndLavfiHaveNoLink() {
        let cases: [(SourceSpec, String)] = [
            (.file(path: "/home/ada/a.mp4"), "a local file"),
            (.url("hls+file:/tmp/x.m3u8"), "a local file"),
            (.lavfi(graph: "testsrc2"), "a lavfi: filter graph"),
            (.v4l2(device: "/dev/video0"), "a device (v4l2:)"),
            (.x11grab(display: ":0.0"), "a device (x11grab:)"),
            (.pulse(source: "default"), "a device (pulse:)"),
            (.alsa(device: "hw:0"), "a device (alsa:)"),
        ]
        for (source, what) in cases {
            XCTAssertEqual(link(to: liveRoom(source)).failure?.words,
                           "the room plays \(what), which nobody else can open: only rooms with a network address have invite links")
        }
    }

    func testCallsWithoutAServerOrOnAServerWithoutCallsHaveNoLink() {
        let written = Room(id: "c", title: "C", media: .call(participants: [Participant(name: "A", source: .url("http://h.example/a"))]))
        XCTAssertEqual(link(to: written).failure?.words, "the call is on no server: only calls on a server have invite links")
        let elsewhere = Room(id: "c", title: "C", media: .call(participants: []), callServerID: "other")
        XCTAssertEqual(link(to: elsewhere).failure?.words, "the call's server \"other\" is not in the rooms file")
        var noCalls = Self.server
        noCalls.calls = nil
        let onIt = Room(id: "c", title: "C", media: .call(participants: []), callServerID: "local")
        XCTAssertEqual(Result { () throws(InviteLinkRefusal) in try InviteLink(room: onIt, servers: [noCalls]) }.failure?.words,
                       "server \"local\" has no \"calls\" URL to hold calls on")
    }

    func testARoomWhoseLinkWouldNotOpenHasNone() {
        XCTAssertEqual(link(to: liveRoom(.url("tcp://h.example:9000"))).failure?.words,
                       "the link would not open: url: unsupported scheme \"tcp\" (a link carries http://, https://, hls+http://, hls+https://, rtmp://, rtsp://, srt://, udp://)")
        XCTAssertEqual(link(to: liveRoom(.url("https://h.example/a b"))).failure?.words,
                       "the link would not open: url: the address holds U+20, which a URL must percent-encode")
        let long = "https://h.example/" + String(repeating: "a", count: InviteLink.maximumLength)
        XCTAssertEqual(link(to: liveRoom(.url(long))).failure?.words, "the link would not open: the link is longer than 8192 bytes")
    }

    // MARK: What the parser refuses

    func testLinksNamingLocalThingsAreRefused() {
        let cases = [
            ("file%3A%2F%2F%2Fetc%2Fpasswd", "url: a link carries network addresses only, not a local file"),
            ("%2Fetc%2Fpasswd", "url: a link carries network addresses only, not a local file"),
            ("hls%2Bfile%3A%2Ftmp%2Fx.m3u8", "url: a link carries network addresses only, not a local file"),
            ("v4l2%3A%2Fdev%2Fvideo0", "url: a link carries network addresses only, not a device (v4l2:)"),
            ("pulse%3Adefault", "url: a link carries network addresses only, not a device (pulse:)"),
            ("x11grab%3A%3A0.0", "url: a link carries network addresses only, not a device (x11grab:)"),
            ("alsa%3Ahw%3A0", "url: a link carries network addresses only, not a device (alsa:)"),
            ("lavfi%3Atestsrc2", "url: a link carries network addresses only, not a lavfi: filter graph"),
        ]
        for (url, words) in cases {
            XCTAssertEqual(refusal("floatapp://live?title=T&url=\(url)"), words, url)
        }
    }

    func testOddSchemesAreRefused() {
        let schemes = "(a link carries http://, https://, hls+http://, hls+https://, rtmp://, rtsp://, srt://, udp://)"
        XCTAssertEqual(refusal("floatapp://live?title=T&url=rtmps%3A%2F%2Fh.example%2Fa"), "url: unsupported scheme \"rtmps\" \(schemes)")
        XCTAssertEqual(refusal("floatapp://live?title=T&url=rtp%3A%2F%2Fh.example%3A5004"), "url: unsupported scheme \"rtp\" \(schemes)")
        XCTAssertEqual(refusal("floatapp://live?title=T&url=javascript%3Aalert(1)"),
                       "url: unsupported source scheme \"javascript:\" (allowed: a file path, file:, http://, https://, rtsp://, rtmp://, udp://, srt://, tcp://, tls://, rtp://, hls+..., lavfi:, v4l2:, x11grab:, pulse:, alsa:)")
        XCTAssertEqual(refusal("floatapp://live?title=T&url=concat%3Aa%7Cb"),
                       "url: unsupported source scheme \"concat:\" (allowed: a file path, file:, http://, https://, rtsp://, rtmp://, udp://, srt://, tcp://, tls://, rtp://, hls+..., lavfi:, v4l2:, x11grab:, pulse:, alsa:)")
        XCTAssertEqual(refusal("https://h.example/a"), "not a FloatApp link: links start with floatapp://live? or floatapp://call?")
        XCTAssertEqual(refusal("floatapp:live?title=T"), "not a FloatApp link: links start with floatapp://live? or floatapp://call?")
        XCTAssertEqual(refusal("floatapp://watch?title=T"), "unknown kind of link \"watch\" (expected floatapp://live? or floatapp://call?)")
        XCTAssertEqual(refusal("floatapp://live/x?title=T"), "unexpected \"x?title=T\" after the kind of link")
        XCTAssertEqual(refusal("floatapp://live?title=T&url=http%3A%2F%2Fh.example#x"), "a link has no #fragment")
    }

    func testHostileCharactersEncodingsAndNumbersAreRefused() {
        XCTAssertEqual(refusal("floatapp://live?title=a b"), "column 24: a link holds no U+20 as it is (percent-encode it)")
        XCTAssertEqual(refusal("floatapp://live?title=a\u{0}"), "column 24: a link holds no U+0 as it is (percent-encode it)")
        XCTAssertEqual(refusal("floatapp://live?title=%0Aevil&url=x"), "title: control character U+A")
        XCTAssertEqual(refusal("floatapp://live?title=%C2%85"), "title: control character U+85")
        XCTAssertEqual(refusal("floatapp://live?title=%FF"), "title: not UTF-8 once percent-decoded")
        XCTAssertEqual(refusal("floatapp://live?title=%G1"), "title: a percent sign not followed by two hex digits")
        XCTAssertEqual(refusal("floatapp://live?title=T&url=https%253A%252F%252Fh.example%252Fa"), "url: percent-encoded twice (decode it once)")
        XCTAssertEqual(refusal("floatapp://live?title=T&url=http%3A%2F%2Fh.example%2F%2500"), "url: the address percent-encodes a control character")
        XCTAssertEqual(refusal("floatapp://live?title=T&url=http%3A%2F%2Fh.example%3A99999999999999999999999%2F"),
                       "url: the port \"99999999999999999999999\" is not a number from 0 to 65535")
        XCTAssertEqual(refusal("floatapp://live?title=T&url=http%3A%2F%2F%2Fa"), "url: the address has no host after \"http://\"")
        XCTAssertEqual(refusal("floatapp://live?title=T&url=http%3A%2F%2Fa%20b.example%2F"), "url: the address holds U+20, which a URL must percent-encode")
        XCTAssertEqual(refusal(String(repeating: "a", count: InviteLink.maximumLength + 1)), "the link is longer than 8192 bytes")
    }

    func testFieldsAreEachGivenOnceKnownAndNotEmpty() {
        XCTAssertEqual(refusal("floatapp://live?title=A&title=B&url=x"), "the field \"title\" is given twice")
        XCTAssertEqual(refusal("floatapp://live?title=A&room=r"), "unknown field \"room\" (expected title or url)")
        XCTAssertEqual(refusal("floatapp://live?title=A"), "missing field \"url\"")
        XCTAssertEqual(refusal("floatapp://live?title=&url=x"), "the field \"title\" is empty")
        XCTAssertEqual(refusal("floatapp://live?title&url=x"), "the field \"title\" is empty")
        XCTAssertEqual(refusal("floatapp://live"), "missing field \"title\"")
    }

    func testACallsFieldsFollowTheRoomsFilesRules() {
        let good = InviteLink.call(room: "standup", title: "S", server: LiveServer(
            id: "local", title: "L", stats: "http://127.0.0.1:8080/stat", play: StreamURLTemplate("rtmp://127.0.0.1/live/{stream}"),
            calls: CallURLTemplate("rtmp://127.0.0.1/call/{room}~{participant}"))).text
        XCTAssertNoThrow(try parse(good).get())
        XCTAssertEqual(refusal(good.replacingOccurrences(of: "room=standup", with: "room=a%2Fb")),
                       "room: invalid id \"a/b\": use 1 to 64 characters from A-Z, a-z, 0-9, _ and -")
        XCTAssertEqual(refusal(good.replacingOccurrences(of: "server=local", with: "server=" + String(repeating: "x", count: 65))),
                       "server: invalid id \"\(String(repeating: "x", count: 64))\": use 1 to 64 characters from A-Z, a-z, 0-9, _ and -")
        XCTAssertEqual(refusal(good.replacingOccurrences(of: "%7Broom%7D~", with: "")),
                       "calls: a calls URL needs {room} and {participant} once each, in the stream name")
        XCTAssertEqual(refusal(good.replacingOccurrences(of: "stats=http", with: "stats=file")),
                       "stats: expected a URL starting with http://, https://, found \"file://127.0.0.1:8080/stat\"")
        XCTAssertEqual(refusal(good.replacingOccurrences(of: "127.0.0.1%2Flive", with: "127.0.0.1%3A70000%2Flive")),
                       "play: the port \"70000\" is not a number from 0 to 65535")
        XCTAssertEqual(refusal(good.replacingOccurrences(of: "&calls=", with: "&x=")),
                       "unknown field \"x\" (expected room, title, server, server-title, stats, play or calls)")
        XCTAssertEqual(try parse(good.replacingOccurrences(of: "&server-title=L", with: "")).get(), .call(
            room: "standup", title: "S", server: LiveServer(
                id: "local", title: "local", stats: "http://127.0.0.1:8080/stat", play: StreamURLTemplate("rtmp://127.0.0.1/live/{stream}"),
                calls: CallURLTemplate("rtmp://127.0.0.1/call/{room}~{participant}"))))
    }
}
