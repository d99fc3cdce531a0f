import Rooms
import XCTest

/// R3 and D5: which source strings are accepted and what they mean.
final class RoomsSourceSpecTests: XCTestCase {
    func testAcceptedSources() {
        let cases: [(String, SourceSpec)] = [
            ("/srv/media/a.mp4", .file(path: "/srv/media/a.mp4")),
            ("relative/clip.mkv", .file(path: "relative/clip.mkv")),
            ("./odd:name.mp4", .file(path: "./odd:name.mp4")),
            ("file:/tmp/a.mp4", .file(path: "/tmp/a.mp4")),
            ("file:///tmp/a.mp4", .file(path: "/tmp/a.mp4")),
            ("http://example.com/a.ts", .url("http://example.com/a.ts")),
            ("https://example.com/live/index.m3u8", .url("https://example.com/live/index.m3u8")),
            ("HTTPS://EXAMPLE.COM/x", .url("HTTPS://EXAMPLE.COM/x")),
            ("rtsp://cam.local:554/s", .url("rtsp://cam.local:554/s")),
            ("rtmp://live.example.com/app/key", .url("rtmp://live.example.com/app/key")),
            ("udp://239.0.0.1:1234", .url("udp://239.0.0.1:1234")),
            ("srt://10.0.0.2:9000?mode=caller", .url("srt://10.0.0.2:9000?mode=caller")),
            ("tcp://127.0.0.1:9000", .url("tcp://127.0.0.1:9000")),
            ("tls://example.com:443", .url("tls://example.com:443")),
            ("rtp://127.0.0.1:5004", .url("rtp://127.0.0.1:5004")),
            ("hls+https://example.com/x.m3u8", .url("hls+https://example.com/x.m3u8")),
            ("hls+http://example.com/x.m3u8", .url("hls+http://example.com/x.m3u8")),
            ("hls+file:/tmp/index.m3u8", .url("hls+file:/tmp/index.m3u8")),
            ("lavfi:testsrc2=size=1280x720:rate=30[out0];sine=f=440[out1]", .lavfi(graph: "testsrc2=size=1280x720:rate=30[out0];sine=f=440[out1]")),
            ("v4l2:/dev/video0", .v4l2(device: "/dev/video0")),
            ("x11grab::0", .x11grab(display: ":0")),
            ("x11grab::0.0+100,200", .x11grab(display: ":0.0+100,200")),
            ("x11grab:localhost:10.0", .x11grab(display: "localhost:10.0")),
            ("pulse:default", .pulse(source: "default")),
            ("pulse:alsa_input.pci-0000_00_1f.3.analog-stereo", .pulse(source: "alsa_input.pci-0000_00_1f.3.analog-stereo")),
            ("pulse:echo-cancel-source", .pulse(source: "echo-cancel-source")),
            ("pulse:bluez_input.00:1B:66:A1:45:0C", .pulse(source: "bluez_input.00:1B:66:A1:45:0C")),
            ("pulse:@DEFAULT_SOURCE@", .pulse(source: "@DEFAULT_SOURCE@")),
            ("pulse:Echo Cancellation Source", .pulse(source: "Echo Cancellation Source")),
            ("pulse:Mikrofon (Küche)", .pulse(source: "Mikrofon (Küche)")),
            ("PULSE:default", .pulse(source: "default")),
            ("alsa:default", .alsa(device: "default")),
            ("alsa:hw:0", .alsa(device: "hw:0")),
            ("alsa:hw:1,0", .alsa(device: "hw:1,0")),
            ("alsa:plughw:CARD=PCH,DEV=0", .alsa(device: "plughw:CARD=PCH,DEV=0")),
            ("pulse:" + String(repeating: "a", count: 128), .pulse(source: String(repeating: "a", count: 128))),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(parse(text).success, expected, text)
        }
    }

    func testRejectedSources() {
        let cases: [(String, SourceSpecError)] = [
            ("", .empty),
            ("concat:a.mp4|b.mp4", .unsupportedScheme("concat")),
            ("subfile:,start,0,end,10,:/a.mp4", .unsupportedScheme("subfile")),
            ("ftp://example.com/a.mp4", .unsupportedScheme("ftp")),
            ("foo://bar", .unsupportedScheme("foo")),
            ("data:text/plain,abc", .unsupportedScheme("data")),
            ("pipe:0", .unsupportedScheme("pipe")),
            ("hls+ftp://x/a.m3u8", .unsupportedScheme("hls+ftp")),
            ("concat+http://x/a", .unsupportedScheme("concat+http")),
            ("hls:", .unsupportedScheme("hls")),
            ("crypto+file:/tmp/enc.ts", .cryptoNeedsKey),
            ("hls+crypto+https://x/a.ts", .cryptoNeedsKey),
            ("lavfi:movie=/etc/passwd", .openingFilter("movie")),
            ("lavfi:amovie=/tmp/a.wav", .openingFilter("amovie")),
            ("lavfi:testsrc[a];[b] movie@m=/tmp/a.mp4[out0]", .openingFilter("movie")),
            ("lavfi:sine,amovie=http://x/a.mp3", .openingFilter("amovie")),
            ("lavfi:", .emptyGraph),
            ("lavfi:   ", .emptyGraph),
            ("file:", .emptyPath),
            ("v4l2:video0", .badDevice("video0")),
            ("v4l2:/dev/", .badDevice("/dev/")),
            ("x11grab:", .badDisplay("")),
            ("x11grab:0", .badDisplay("0")),
            ("x11grab::a", .badDisplay(":a")),
            ("x11grab::0+1", .badDisplay(":0+1")),
            ("http:example.com", .missingHost("http")),
            ("rtsp://", .missingHost("rtsp")),
            ("pulse:", .badPulseSource("")),
            ("pulse: default", .badPulseSource(" default")),
            ("pulse:default ", .badPulseSource("default ")),
            ("pulse:mic\nrm", .badPulseSource("mic\nrm")),
            ("pulse:mic\u{7}", .badPulseSource("mic\u{7}")),
            ("pulse:" + String(repeating: "a", count: 129), .badPulseSource(String(repeating: "a", count: 129))),
            ("alsa:", .badALSADevice("")),
            ("alsa:hw 0", .badALSADevice("hw 0")),
            ("alsa:/dev/snd/pcmC0D0c", .badALSADevice("/dev/snd/pcmC0D0c")),
            ("alsa:hw:0;rm", .badALSADevice("hw:0;rm")),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(parse(text).failure, expected, text)
        }
    }

    func testOnlyTheDesktopsSoundInputIsASoundDevice() throws {
        for text in ["pulse:default", "alsa:hw:0"] { XCTAssertTrue(try parse(text).get().isSoundDevice, text) }
        for text in ["/a.mp4", "lavfi:sine", "v4l2:/dev/video0", "x11grab::0", "rtmp://h/a"] {
            XCTAssertFalse(try parse(text).get().isSoundDevice, text)
        }
    }

    func testTheTextGivesBackWhatFFmpegOpens() {
        for text in ["/a.mp4", "https://h/x.m3u8", "lavfi:testsrc", "v4l2:/dev/video1", "x11grab::0.0", "pulse:default", "alsa:hw:0,0"] {
            XCTAssertEqual(parse(text).success?.text, text)
        }
        XCTAssertEqual(parse("file:/tmp/a.mp4").success?.text, "/tmp/a.mp4")
    }
}

/// The parse of `text` as a value a test can compare.
private func parse(_ text: String) -> Result<SourceSpec, SourceSpecError> {
    Result { () throws(SourceSpecError) in try SourceSpec.parse(text) }
}
