import Rooms
import XCTest

/// R6: what a given item (an argument, a pasted or dropped text, a link) opens, read without
/// touching the file system.
final class GivenItemTests: XCTestCase {
    private func read(_ text: String, in directory: String? = nil) throws -> GivenItem {
        try GivenItem.read(text, relativeTo: directory)
    }

    private func refusal(_ text: String, in directory: String? = nil, file: StaticString = #filePath,
                         line: UInt = #line) -> GivenItemRefusal? {
        do {
            let item = try GivenItem.read(text, relativeTo: directory)
            XCTFail("\(text) read as \(item)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testNetworkURLsOfEachSchemeFFmpegOpensAreTitledByTheirLastPart() throws {
        let cases: [(String, String)] = [
            ("https://tv.example/live/news.m3u8?token=a%2Fb", "news.m3u8"),
            ("http://127.0.0.1:8080/hls/Evening%20News.m3u8", "Evening News.m3u8"),
            ("https://cdn.example/dash/manifest.mpd", "manifest.mpd"),
            ("https://cdn.example/films/big/", "big"),
            ("hls+https://tv.example/x/index.m3u8", "index.m3u8"),
            ("rtmp://127.0.0.1:1935/live/cam", "cam"),
            ("rtsp://user:pw@camera.local:554/stream1", "stream1"),
            ("srt://127.0.0.1:9000?mode=caller", "127.0.0.1:9000"),
            ("udp://239.0.0.1:1234", "239.0.0.1:1234"),
            ("HTTPS://Example.COM", "Example.COM"),
            ("https://tv.example/%E6%96%B0%E9%97%BB.ts", "新闻.ts"),
        ]
        for (text, title) in cases {
            XCTAssertEqual(try read(text), .source(.url(text), title: title), text)
        }
        XCTAssertEqual(try read("  https://tv.example/a.ts \n"), .source(.url("https://tv.example/a.ts"), title: "a.ts"))
    }

    func testPathsAreAbsoluteOrReadAgainstTheGivenDirectory() throws {
        XCTAssertEqual(try read("/media/films/Talk.mkv"), .source(.file(path: "/media/films/Talk.mkv"), title: "Talk.mkv"))
        XCTAssertEqual(try read("clips/a b.mp4", in: "/home/u"), .source(.file(path: "/home/u/clips/a b.mp4"), title: "a b.mp4"))
        XCTAssertEqual(try read("../x/./y.ts", in: "/home/u/"), .source(.file(path: "/home/x/y.ts"), title: "y.ts"))
        XCTAssertEqual(try read("./a:b.mp4", in: "/tmp"), .source(.file(path: "/tmp/a:b.mp4"), title: "a:b.mp4"))
        XCTAssertEqual(try read("-", in: "/tmp"), .source(.file(path: "/tmp/-"), title: "-"))
        XCTAssertEqual(try read("/"), .source(.file(path: "/"), title: "/"))
        XCTAssertEqual(refusal("clips/a.mp4"), .relativePath)
        XCTAssertEqual(refusal("a.mp4", in: "relative"), .relativePath)
    }

    func testFileURIsAreDecodedAndMustBeOnThisComputer() throws {
        XCTAssertEqual(try read("file:///home/u/My%20Film%20%231.mkv"),
                       .source(.file(path: "/home/u/My Film #1.mkv"), title: "My Film #1.mkv"))
        XCTAssertEqual(try read("file://localhost/tmp/a.ts"), .source(.file(path: "/tmp/a.ts"), title: "a.ts"))
        XCTAssertEqual(try read("FILE:/tmp/b.ts#t=3"), .source(.file(path: "/tmp/b.ts"), title: "b.ts"))
        XCTAssertEqual(try read("file:///tmp/%E3%83%86%E3%82%B9%E3%83%88.webm"), .source(.file(path: "/tmp/テスト.webm"), title: "テスト.webm"))
        XCTAssertEqual(refusal("file://nas.local/share/a.mkv"), .otherHostFile("nas.local"))
        XCTAssertEqual(refusal("file:a.mkv", in: "/tmp"), .relativePath)
        XCTAssertEqual(refusal("file:///tmp/%zz.mkv"), .badPercentEncoding)
        XCTAssertEqual(refusal("file:///tmp/%FF.mkv"), .badPercentEncoding)
        XCTAssertEqual(refusal("file:///tmp/a%0Ab.mkv"), .controlCharacter(0x0A))
    }

    func testFloatAppLinksAreReadAsInviteLinks() throws {
        let link = InviteLink.live(title: "Evening news", url: "https://tv.example/news.m3u8")
        XCTAssertEqual(try read(link.text), .link(link))
        XCTAssertEqual(refusal("floatapp://party?x=1"), .badLink(.unknownKind("party")))
        XCTAssertEqual(refusal("floatapp://live?title=x&url=file%3A%2F%2F%2Fetc%2Fpasswd"), .badLink(.localSource(field: "url", .file)))
    }

    func testDevicesGraphsAndOtherSchemesAreRefusedWithTheirReason() {
        XCTAssertEqual(refusal("lavfi:testsrc2"), .localSource(.lavfi))
        XCTAssertEqual(refusal("v4l2:/dev/video0"), .localSource(.device(scheme: "v4l2")))
        XCTAssertEqual(refusal("pulse:default"), .localSource(.device(scheme: "pulse")))
        XCTAssertEqual(refusal("x11grab::0.0"), .localSource(.device(scheme: "x11grab")))
        XCTAssertEqual(refusal("ftp://files.example/a.ts"), .badSource(.unsupportedScheme("ftp")))
        XCTAssertEqual(refusal("rtmps://tv.example/live/a"), .badSource(.unsupportedScheme("rtmps")))
        XCTAssertEqual(refusal("concat:/a|/b"), .badSource(.unsupportedScheme("concat")))
        XCTAssertEqual(refusal("javascript:alert(1)"), .badSource(.unsupportedScheme("javascript")))
        XCTAssertEqual(refusal("https:tv.example"), .badSource(.missingHost("https")))
        XCTAssertEqual(refusal("https://tv.example:99999/a"), .badAddress(.badPort("99999")))
        XCTAssertEqual(refusal("https://tv example/a"), .badAddress(.forbiddenCharacter(0x20)))
        XCTAssertEqual(refusal("http://a.example/%0d%0aHost:b"), .badAddress(.encodedControlCharacter))
    }

    func testEmptyOverlongAndControlCharactersAreRefused() {
        XCTAssertEqual(refusal(""), .empty)
        XCTAssertEqual(refusal(" \t\n "), .empty)
        XCTAssertEqual(refusal("https://tv.example/" + String(repeating: "a", count: GivenItem.maximumLength)),
                       .tooLong(limit: GivenItem.maximumLength))
        XCTAssertEqual(refusal("/tmp/a\u{1B}[31m.ts"), .controlCharacter(0x1B))
        XCTAssertEqual(refusal("https://a.example/x\u{85}y"), .controlCharacter(0x85))
    }
}
