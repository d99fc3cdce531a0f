import Foundation
import TestSupport
import XCTest

/// R7, W12 end to end: an M3U served over HTTP is a rooms source whose groups are sections,
/// files and URLs dropped by a real XDND drag source (Tests/Tools/xdnd-drag.py: XdndEnter,
/// XdndPosition, XdndDrop, the selection answered, the pointer moved by XTEST like a hand) are
/// added and opened, a drop on the float replaces what it plays, and a 100,000-entry playlist
/// loads while the window keeps answering (Tests/Tools/wm-ping.py times `_NET_WM_PING` from
/// the X server's side). One app start for all of it.
final class PlaylistDropE2ETests: DesktopTestCase {
    private static let tools = TestPaths.packageRoot.appendingPathComponent("Tests/Tools")

    /// The list served over HTTP: groups, logos, and titles in four scripts; its last line is
    /// no address.
    private static func tvList(port: Int) -> String {
        """
        #EXTM3U
        #EXTINF:-1 tvg-id="one" tvg-logo="http://127.0.0.1:\(port)/logo.png" group-title="Новости",Первый канал
        http://127.0.0.1:\(port)/clip.mp4?1
        #EXTINF:-1 tvg-logo="logo.png" group-title="新闻",东京新闻台
        clip.mp4?2
        #EXTINF:-1 group-title="Новости",Второй канал
        http://127.0.0.1:\(port)/clip.mp4?3
        #EXTINF:-1 group-title="أخبار",قناة الأخبار
        http://127.0.0.1:\(port)/clip.mp4?4
        not an address

        """
    }

    func testPlaylistsAndDropsAddRoomsAndTheWindowKeepsAnswering() throws {
        let desktop = try startDesktop()
        let folder = desktop.workFolder
        let clip = folder.appendingPathComponent("clip.mp4")
        try TestVideoFile.write(to: clip)
        let web = freeLocalPort(), live = freeLocalPort()
        try Self.tvList(port: web).write(to: folder.appendingPathComponent("tv.m3u"), atomically: true, encoding: .utf8)
        let big = (0..<100_000).map { "#EXTINF:-1 group-title=\"Group \($0 / 500)\",Channel \($0)\nhttp://127.0.0.1:\(web)/c\($0).ts" }
        try ("#EXTM3U\n" + big.joined(separator: "\n") + "\n").write(to: folder.appendingPathComponent("big.m3u"), atomically: true,
                                                                     encoding: .utf8)
        let rooms = folder.appendingPathComponent("rooms.json")
        try """
        {"rooms": [{"id": "pattern", "title": "Test pattern", "kind": "live", "source": "lavfi:testsrc2=size=320x180:rate=25"}],
         "playlists": [{"url": "http://127.0.0.1:\(web)/tv.m3u", "refresh": 600}]}
        """.write(to: rooms, atomically: true, encoding: .utf8)
        let server = try ChildProcess(executable: "/usr/bin/python3", arguments: ["-m", "http.server", "--bind", "127.0.0.1",
                                                                                  "\(web)", "--directory", folder.path],
                                      stdoutURL: folder.appendingPathComponent("http.log"))
        defer { _ = server.terminate() }
        let stream = try ChildProcess(executable: "/usr/bin/ffmpeg", arguments: [
            "-nostdin", "-loglevel", "error", "-re", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25",
            "-c:v", "mpeg2video", "-f", "mpegts", "-listen", "1", "http://127.0.0.1:\(live)/live.ts"],
                                      stdoutURL: folder.appendingPathComponent("ffmpeg.log"))
        defer { _ = stream.terminate() }
        try eventually("the HTTP server answers", timeout: 10) { localPortServes(web) }
        let app = try RunningApp(roomsFile: rooms, arguments: [], on: desktop) { try launchApp($0, on: desktop) }
        let main = try app.mainRect()

        // The served list: its groups are sections (the screenshot shows them), its bad line is told.
        try app.waitForEvents("list_shown", ["count": "5 rooms"], timeout: 10)
        try eventually("the skipped line is logged\n\(app.app.outputTail())", timeout: 5) {
            app.app.outputTail(lines: 60).contains("tv.m3u:10:1:")
        }
        try desktop.screenshot("playlist-sections")

        // A file dropped as a file manager drops it opens and plays.
        try drag("text/uri-list", clip.absoluteString + "\r\n", to: main, on: desktop)
        try app.waitForEvents("status", ["status": "playing"], timeout: 10)
        try desktop.screenshot("dropped-file-playing")

        // A link dropped as a browser drops it (in a text/uri-list, which SDL leaves to the app)
        // opens; floated, a file dropped on the float as text plays there instead.
        desktop.key(.escape)
        try drag("text/uri-list", "# a link\r\nhttp://127.0.0.1:\(live)/live.ts\r\n", to: main, on: desktop)
        try app.waitForEvents("main_content", ["content": "room"], count: 2, timeout: 10)
        desktop.key(.p)
        let float = try desktop.waitForWindow(.title("live.ts - PiP"), timeout: 10)
        let floatRect = try XCTUnwrap(desktop.geometry(of: float))
        try drag("text/plain", clip.absoluteString, to: floatRect, on: desktop)
        _ = try desktop.waitForWindow(.title("clip.mp4 - PiP"), timeout: 10)
        try desktop.screenshot("dropped-on-the-float")

        // 100,000 entries: the window answers the X server's pings while the list is read.
        let pinger = try ChildProcess(executable: Self.tools.appendingPathComponent("wm-ping.py").path,
                                      arguments: ["\(app.mainWindow)", "4"], environment: desktop.clientEnvironment(home: folder),
                                      stdoutURL: folder.appendingPathComponent("ping.txt"))
        let dropAt = app.stats.events().last?.time ?? 0
        try drag("text/uri-list", folder.appendingPathComponent("big.m3u").absoluteString + "\r\n", to: main, on: desktop)
        XCTAssertEqual(pinger.waitForExit(timeout: 10), .exited(0))
        let pings = try String(contentsOf: folder.appendingPathComponent("ping.txt"), encoding: .utf8)
        print("while 100,000 entries load: \(pings)")
        let loadedAt = try XCTUnwrap(app.waitForEvents("list_shown", ["count": "100007 rooms"], timeout: 20).first?.time)
        // The float kept painting its video while the list was read and listed.
        let frames = app.stats.events(named: "frame", matching: ["window": "float"]).map(\.time).filter { $0 > dropAt && $0 < loadedAt }
        let gaps = zip([dropAt] + frames, frames + [loadedAt]).map { $1 - $0 }
        print("the float painted \(frames.count) frames in the \(Int(loadedAt - dropAt)) ms the list took; longest gap \(Int(gaps.max() ?? 0)) ms")
        XCTAssertLessThan(gaps.max() ?? 0, 500, "the float kept painting")
        let worst = pings.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("max_ms=") }.flatMap { Double($0.dropFirst(7)) }
        XCTAssertLessThan(try XCTUnwrap(worst, pings), 500, "the loop answered every ping within half a second: \(pings)")
        try desktop.screenshot("hundred-thousand-rooms")
    }

    /// Drags `data` offered as `type` from the left of the screen onto the middle of `rect`.
    private func drag(_ type: String, _ data: String, to rect: DesktopRect, on desktop: TestDesktop) throws {
        let outcome = try ChildProcess.run(
            Self.tools.appendingPathComponent("xdnd-drag.py").path,
            [type, data, "20", "\(rect.y + rect.height / 2)", "\(rect.x + rect.width / 2)", "\(rect.y + rect.height / 2)"],
            environment: desktop.clientEnvironment(home: desktop.workFolder), in: desktop.workFolder, name: "xdnd-drag", timeout: 20)
        XCTAssertEqual(outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "finished accepted=1", outcome.stderr)
    }
}
