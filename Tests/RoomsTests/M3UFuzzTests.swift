import AppCore
import Foundation
import Rooms
import TestSupport
import XCTest

/// Mutated playlists (bit flips, truncation, duplicated, deleted and mixed lines, invalid UTF-8,
/// NUL, open quotes, long lines, hostile entries, HLS tags, mixed line ends), each read as a
/// file on disk and as a download: every one ends in entries or in worded problems, quickly,
/// never in a crash; a download never yields an entry that opens a file, a device or `lavfi:`.
final class M3UFuzzTests: XCTestCase {
    /// The cases each run checks (fewer under a sanitizer, as for the rooms file).
    static let cases = RoomsFileFuzzTests.sanitizer == nil ? 20_000 : 1_000
    /// The slowest case allowed, as for the rooms file (RoomsFileFuzzTests).
    static let slowestCaseSeconds = RoomsFileFuzzTests.sanitizer == nil ? 0.25 : 1.0

    static let samples = [
        """
        #EXTM3U url-tvg="https://epg.example/guide.xml"
        #EXTINF:-1 tvg-id="das1.de" tvg-name="Das Erste" tvg-logo="https://logo.example/1.png" group-title="Deutschland",Das Erste HD
        https://live.example/das1/index.m3u8
        #EXTINF:-1 group-title="News, World" tvg-logo='logos/a.png' tvg-id=news,World News, live
        ch/news.ts
        #EXTGRP:Radio
        #EXTINF:0,Радио ☕ راديو
        http://radio.example:8000/stream
        udp://@239.0.0.1:1234
        """,
        "\u{FEFF}#EXTM3U\r\n#EXTINF:-1,A\r\n/srv/a.mp4\r\n#EXTINF:-1,B\r\nfile:///srv/My%20b.mp4\r\nrtsp://cam.example:554/s\r\n",
        "clip.mp4\n../b.mkv\nrtmp://live.example/app/key\nv4l2:/dev/video0\nlavfi:testsrc2\n",
    ]

    func testMutatedPlaylistsEndInEntriesOrWordedProblems() {
        let corpus = Self.samples.map { Array($0.utf8) }
        var random = PropertyRandom.seeded(for: "M3U fuzz")
        let onDisk = PlaylistLocation(filePath: "/home/ada/tv/list.m3u")
        let download = PlaylistLocation(downloadedFrom: "https://iptv.example/lists/all.m3u")!
        var lists = 0, refusals = 0, streams = 0, entries = 0
        var times = ParseTimes(retimeAbove: Self.slowestCaseSeconds / 4)
        var failures: [String] = []
        for number in 0..<Self.cases {
            var bytes = random.pick(corpus)
            var applied: [String] = []
            for _ in 0..<Int.random(in: 1...3, using: &random) { applied.append(Self.mutate(&bytes, &random)) }
            let location = Bool.random(using: &random) ? download : onDisk
            let result = times.time("case \(number) (\(bytes.count) bytes): \(applied.joined(separator: ", "))") {
                Result { () throws(PlaylistError) in try Playlist.parse(bytes, location: location) }
            }
            let name = "case \(number) [\(applied.joined(separator: ", "))]"
            switch result {
            case .success(let playlist):
                lists += 1
                entries += playlist.entries.count
                if playlist.entries.isEmpty { failures.append("\(name): a list without entries") }
                if playlist.entries.contains(where: { $0.title.isEmpty }) { failures.append("\(name): an empty title") }
                if location.isDownloaded, let entry = playlist.entries.first(where: { LocalSource($0.source) != nil }) {
                    failures.append("\(name): a download opens \(entry.source)")
                }
                if playlist.problems.contains(where: { $0.position == nil || $0.reason.words.isEmpty }) {
                    failures.append("\(name): a skipped line without a place or words")
                }
            case .failure(let error):
                if error.isHLSStream { streams += 1 } else { refusals += 1 }
                if error.problems.isEmpty || error.problems.contains(where: { $0.reason.words.isEmpty }) {
                    failures.append("\(name): a refusal without words")
                }
            }
        }
        print("M3U fuzz: \(Self.cases) cases, \(lists) lists (\(entries) entries), \(refusals) refused, \(streams) HLS streams, "
            + "total \(String(format: "%.2f", times.totalSeconds)) s, slowest \(String(format: "%.4f", times.worstSeconds)) s: "
            + times.worstCase)
        XCTAssertEqual(failures.prefix(5), [])
        XCTAssertGreaterThan(lists, Self.cases / 4, "many mutants still load")
        XCTAssertGreaterThan(refusals, 0)
        XCTAssertGreaterThan(streams, 0)
        if RoomsFileFuzzTests.sanitizer == nil {
            XCTAssertLessThan(times.worstSeconds, Self.slowestCaseSeconds, "slowest: \(times.worstCase)")
        }
    }


    // MARK: Mutations

    static let hostileLines = [
        "file:///etc/passwd", "v4l2:/dev/video0", "pulse:default", "x11grab::0.0", "alsa:hw:0", "lavfi:movie=/etc/passwd",
        "lavfi:testsrc2", "hls+file:/tmp/x.m3u8", "concat:a|b", "subfile:,,start,0,end,0,,:/etc/passwd", "crypto+http://h/x",
        "http://h.example:99999999999999999999/", "http://[::1/", "rtmp://@/x", "//evil.example/x", "../../../../etc/passwd",
        "#EXT-X-TARGETDURATION:6", "#EXT-X-STREAM-INF:BANDWIDTH=1", "#EXTINF:-1 tvg-name=\"open", "#EXTINF:", "#EXTINF:-1,",
        "#EXTINF:1e999 a=b=c,,,", "#EXTGRP:", "#EXTM3U", "https://h.example/%00", "https://h.example/%zz", "http://h.example/a b",
        "\u{FEFF}http://h.example/bom", "ftp://h.example/x", "C:\\Videos\\a.mp4", "\u{202E}http://h.example/rtl",
    ]

    private static func mutate(_ bytes: inout [UInt8], _ random: inout PropertyRandom) -> String {
        switch Int.random(in: 0..<10, using: &random) {
        case 0:
            guard !bytes.isEmpty else { return "bit flip (empty)" }
            let count = Int.random(in: 1...8, using: &random)
            for _ in 0..<count { bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= 1 << UInt8.random(in: 0...7, using: &random) }
            return "\(count) bit flips"
        case 1:
            let keep = Int.random(in: 0...bytes.count, using: &random)
            bytes.removeSubrange(keep...)
            return "truncated to \(keep)"
        case 2:
            var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
            let index = Int.random(in: 0..<lines.count, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0: lines.insert(lines[index], at: index)
            case 1: lines.remove(at: index)
            default: lines.swapAt(index, Int.random(in: 0..<lines.count, using: &random))
            }
            bytes = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
            return "line \(index + 1) duplicated, deleted or swapped"
        case 3:
            return insert(&bytes, random.pick([[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0x80]]), "invalid UTF-8", &random)
        case 4:
            return insert(&bytes, random.pick([[0], [0x0D], [0x0A], [0x0D, 0x0A], [0x09], [0x22], [0x27], [0x2C], [0x3D]]), "a byte", &random)
        case 5:
            return insert(&bytes, Array(("\n" + random.pick(hostileLines) + "\n").utf8), "a hostile line", &random)
        case 6:
            // One run in four is long enough to cross the line limit in bytes.
            let unit = random.pick(["a", "é", "😀", "\"", ","])
            let longest = Int.random(in: 0..<4, using: &random) == 0 ? Playlist.maximumLineLength / unit.utf8.count + 16 : 256
            let count = Int.random(in: 1...longest, using: &random)
            return insert(&bytes, Array(String(repeating: unit, count: count).utf8), "a run of \(count)", &random)
        case 7:
            let count = Int.random(in: 1...3_000, using: &random)
            let line = random.pick(["#EXTINF:-1,x\n", "\n", "\r", "http://h.example/a\n", "ftp://x\n", "#EXTINF:-1 a=\"\n"])
            return insert(&bytes, Array(String(repeating: line, count: count).utf8), "\(count) repeated lines", &random)
        case 8:
            let attributes = (0..<Int.random(in: 1...500, using: &random)).map { "k\($0)=\"v,\($0)\"" }.joined(separator: " ")
            return insert(&bytes, Array("\n#EXTINF:-1 \(attributes),T\nhttp://h.example/x\n".utf8), "many attributes", &random)
        default:
            return insert(&bytes, [0xEF, 0xBB, 0xBF], "a byte order mark", &random)
        }
    }

    private static func insert(_ bytes: inout [UInt8], _ inserted: [UInt8], _ name: String, _ random: inout PropertyRandom) -> String {
        let at = Int.random(in: 0...bytes.count, using: &random)
        bytes.insert(contentsOf: inserted, at: at)
        return "\(name) at \(at)"
    }
}
