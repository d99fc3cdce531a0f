import Foundation
import TestSupport
import XCTest

/// R4, R7: a playlist as `--rooms` and `--check-rooms` is checked like a rooms file: its
/// skipped lines are told at line:col, and a list with no entry exits with status 2.
final class PlaylistCheckE2ETests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try TestPaths.makeTemporaryFolder(prefix: "floatapp-m3u-check")
        let created = folder!
        addTeardownBlock { try? FileManager.default.removeItem(at: created) }
    }

    private func floatapp(_ arguments: [String]) throws -> CommandOutcome {
        try ChildProcess.run(TestPaths.floatappBinary.path, arguments,
                             environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": folder.path,
                                           "XDG_CONFIG_HOME": folder.path, "XDG_STATE_HOME": folder.path],
                             in: folder, name: "floatapp", timeout: 20)
    }

    private func write(_ name: String, _ text: String) throws -> String {
        let file = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    func testAPlaylistIsCheckedAtLineAndColumnAndOneWithNoEntryExitsTwo() throws {
        let good = try write("tv.m3u", "#EXTM3U\n#EXTINF:-1,Один\nhttp://127.0.0.1:9/1.ts\n  gopher://h/x\nclip.mp4\n")
        let checked = try floatapp(["--check-rooms", good])
        XCTAssertEqual(checked.status, .exited(0), checked.stderr)
        XCTAssertEqual(checked.stdout, "\(good): OK, 2 rooms\n")
        XCTAssertTrue(checked.stderr.hasPrefix("\(good):4:3: "), checked.stderr)

        let empty = try write("empty.m3u8", "#EXTM3U\n#EXTINF:-1,Lost\n\tgopher://h/x\n")
        for arguments in [["--check-rooms", empty], ["--rooms", empty]] {
            let refused = try floatapp(arguments)
            XCTAssertEqual(refused.status, .exited(2), "\(arguments): \(refused.stderr)")
            XCTAssertTrue(refused.stderr.contains("\(empty):3:2: "), refused.stderr)
            XCTAssertTrue(refused.stderr.contains("\(empty): the playlist has no entry FloatApp can open"), refused.stderr)
        }

        let hls = try write("index.m3u8", "#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\nseg0.ts\n")
        let stream = try floatapp(["--check-rooms", hls])
        XCTAssertEqual(stream.status, .exited(0), stream.stderr)
        XCTAssertEqual(stream.stdout, "\(hls): OK, 1 room\n", "an HLS playlist is one stream")
    }
}
