import AppCore
import Rooms
import XCTest

/// R7: extended M3U playlists read into entries, relative entries resolved, HLS told apart,
/// bad lines skipped and reported at line:col in words.
final class M3UPlaylistTests: XCTestCase {
    private let local = PlaylistLocation(filePath: "/home/ada/tv/list.m3u")
    private let downloaded = PlaylistLocation(downloadedFrom: "https://iptv.example/lists/de/all.m3u?token=t")!

    private func parse(_ text: String, _ location: PlaylistLocation? = nil) -> Result<Playlist, PlaylistError> {
        parse(Array(text.utf8), location)
    }

    private func parse(_ bytes: [UInt8], _ location: PlaylistLocation? = nil) -> Result<Playlist, PlaylistError> {
        Result { () throws(PlaylistError) in try Playlist.parse(bytes, location: location ?? self.local) }
    }

    private func entries(_ text: String, _ location: PlaylistLocation? = nil, file: StaticString = #filePath,
                         line: UInt = #line) -> [PlaylistEntry] {
        switch parse(text, location) {
        case .success(let playlist): return playlist.entries
        case .failure(let error):
            XCTFail("expected entries, got \(error.words)", file: file, line: line)
            return []
        }
    }

    /// The words of a playlist's skipped lines, or of the error that refused it.
    private func problems(_ text: String, _ location: PlaylistLocation? = nil) -> [String] {
        problems(Array(text.utf8), location)
    }

    private func problems(_ bytes: [UInt8], _ location: PlaylistLocation? = nil) -> [String] {
        switch parse(bytes, location) {
        case .success(let playlist): playlist.problemWords
        case .failure(let error): error.words
        }
    }

    // MARK: Entries and attributes

    func testAnIPTVListGivesTitlesLogosGroupsAndGuideIDs() {
        let text = """
            #EXTM3U url-tvg="https://epg.example/guide.xml"
            #EXTINF:-1 tvg-id="das1.de" tvg-name="Das Erste HD" tvg-logo="https://logo.example/das1.png" group-title="Deutschland",Das Erste HD
            https://live.example/das1/index.m3u8
            #EXTINF:-1 group-title="News, World" tvg-logo='https://logo.example/a.png' tvg-id=news.int,World News, live
            rtmp://live.example/app/news
            #EXTINF:0,新闻频道
            http://live.example/cn.ts
            #EXTINF:-1 tvg-name="قناة",
            udp://@239.0.0.1:1234
            """
        XCTAssertEqual(entries(text), [
            PlaylistEntry(title: "Das Erste HD", source: .url("https://live.example/das1/index.m3u8"),
                          logo: "https://logo.example/das1.png", group: "Deutschland", guideID: "das1.de", line: 3),
            PlaylistEntry(title: "World News, live", source: .url("rtmp://live.example/app/news"),
                          logo: "https://logo.example/a.png", group: "News, World", guideID: "news.int", line: 5),
            PlaylistEntry(title: "新闻频道", source: .url("http://live.example/cn.ts"), line: 7),
            PlaylistEntry(title: "قناة", source: .url("udp://@239.0.0.1:1234"), line: 9),
        ])
    }

    func testAttributesInAnyOrderUnquotedWithoutDurationAndTheFirstOfANameKept() {
        let text = """
            #EXTM3U
            #EXTINF:group-title=Sport TVG-ID=s1 tvg-id=ignored bare-word tvg-logo="" ,  Sport 1\t
            http://a.example/s1
            """
        XCTAssertEqual(entries(text), [
            PlaylistEntry(title: "Sport 1", source: .url("http://a.example/s1"), group: "Sport", guideID: "s1", line: 3),
        ])
    }

    func testAnOpenQuoteTakesTheRestOfTheLineAndTheTitleFallsBack() {
        let text = """
            #EXTINF:-1 tvg-name="Arte, HD,Title
            https://a.example/live/arte.m3u8
            #EXTINF:-1,
            https://a.example/live/arte%20hd.m3u8
            https://a.example/
            /srv/media/clip.mp4
            """
        XCTAssertEqual(entries(text).map(\.title), ["Arte, HD,Title", "arte hd.m3u8", "a.example", "clip.mp4"])
    }

    func testEXTGRPGroupsTheNextEntryWhenItsEXTINFHasNone() {
        let text = """
            #EXTM3U
            #EXTGRP:Films
            #EXTINF:-1,A
            http://h.example/a
            #EXTINF:-1 group-title="Series",B
            #EXTGRP:Films
            http://h.example/b
            http://h.example/c
            """
        XCTAssertEqual(entries(text).map(\.group), ["Films", "Series", nil])
    }

    func testControlCharactersInTitlesBecomeSpaces() {
        let text = "#EXTINF:-1 group-title=\"a\u{1}b\",Title\u{7}with\u{85}bell\nhttp://h.example/x\n"
        XCTAssertEqual(entries(text).first?.title, "Title with bell")
        XCTAssertEqual(entries(text).first?.group, "a b")
    }

    // MARK: Encodings and line ends

    func testBOMCRLFCRBlankLinesAndUnknownDirectivesAreAllRead() {
        let text = "\u{FEFF}#EXTM3U\r\n\r\n#EXTVLCOPT:http-user-agent=x\r\n#EXTINF:-1,A\r\nhttp://h.example/a\r  \t\r#KODIPROP:x\nhttp://h.example/b"
        XCTAssertEqual(entries(text).map(\.source), [.url("http://h.example/a"), .url("http://h.example/b")])
        XCTAssertEqual(entries(text).map(\.line), [5, 8])
    }

    func testBytesThatAreNotUTF8RefuseTheListAtTheirPlace() {
        var bytes = Array("#EXTM3U\r\n#EXTINF:-1,Café ".utf8)
        bytes += [0xC3, 0x28]
        XCTAssertEqual(problems(bytes), ["2:17: the playlist is not UTF-8: byte 0xC3"])
    }

    // MARK: Relative entries

    func testRelativeEntriesOfAFileResolveAgainstItsDirectory() {
        let text = """
            clip.mp4
            ../films/a film.mkv
            /abs/b.ts
            file:///home/ada/My%20Videos/c.mp4
            file:d.mp4
            """
        XCTAssertEqual(entries(text).map(\.source), [
            .file(path: "/home/ada/tv/clip.mp4"), .file(path: "/home/ada/tv/../films/a film.mkv"), .file(path: "/abs/b.ts"),
            .file(path: "/home/ada/My Videos/c.mp4"), .file(path: "/home/ada/tv/d.mp4"),
        ])
        XCTAssertEqual(entries("a.ts", PlaylistLocation(filePath: "list.m3u")).map(\.source), [.file(path: "a.ts")])
        XCTAssertEqual(entries("a.ts", PlaylistLocation(filePath: "/list.m3u")).map(\.source), [.file(path: "/a.ts")])
    }

    func testRelativeEntriesOfADownloadResolveAgainstItsURL() {
        let text = """
            #EXTM3U
            ch1/index.m3u8
            ../../other/ch2.ts?x=1
            /root.ts
            //cdn.example/ch3.m3u8
            ./a/./b/../c.ts
            ?only=query
            """
        XCTAssertEqual(entries(text, downloaded).map(\.source), [
            .url("https://iptv.example/lists/de/ch1/index.m3u8"), .url("https://iptv.example/other/ch2.ts?x=1"),
            .url("https://iptv.example/root.ts"), .url("https://cdn.example/ch3.m3u8"),
            .url("https://iptv.example/lists/de/a/c.ts"), .url("https://iptv.example/lists/de/all.m3u?only=query"),
        ])
    }

    func testLogosResolveAndOnlyHTTPOrLocalPathsAreKept() {
        let text = """
            #EXTM3U
            #EXTINF:-1 tvg-logo="logos/a.png",A
            http://h.example/a
            #EXTINF:-1 tvg-logo="file:///etc/passwd",B
            http://h.example/b
            #EXTINF:-1 tvg-logo="https://bad host/x.png",C
            http://h.example/c
            """
        XCTAssertEqual(entries(text, downloaded).map(\.logo), ["https://iptv.example/lists/de/logos/a.png", nil, nil])
        XCTAssertEqual(entries(text).map(\.logo), ["/home/ada/tv/logos/a.png", nil, nil])
    }

    func testOnlyHTTPAndHTTPSURLsAreDownloadLocations() {
        XCTAssertNil(PlaylistLocation(downloadedFrom: "file:///tmp/list.m3u"))
        XCTAssertNil(PlaylistLocation(downloadedFrom: "rtmp://h.example/list"))
        XCTAssertNil(PlaylistLocation(downloadedFrom: "https:///list.m3u"))
        XCTAssertNil(PlaylistLocation(downloadedFrom: "https://h.example/a list.m3u"))
        XCTAssertEqual(PlaylistLocation(downloadedFrom: "HTTP://h.example/list.m3u")?.isDownloaded, true)
        XCTAssertEqual(PlaylistLocation(filePath: "/tmp/list.m3u").isDownloaded, false)
    }

    // MARK: What a downloaded list may open

    func testADownloadedListNeverOpensFilesDevicesOrLavfi() {
        let text = """
            #EXTM3U
            file:///etc/passwd
            v4l2:/dev/video0
            pulse:default
            x11grab::0.0
            alsa:hw:0
            lavfi:testsrc2
            hls+file:/tmp/x.m3u8
            https://ok.example/a.m3u8
            """
        guard case .success(let playlist) = parse(text, downloaded) else { return XCTFail("the list loads") }
        XCTAssertEqual(playlist.entries.map(\.source), [.url("https://ok.example/a.m3u8")])
        XCTAssertEqual(playlist.problemWords, [
            "2:1: a downloaded playlist may not open a local file on this computer; entry skipped",
            "3:1: a downloaded playlist may not open a device (v4l2:) on this computer; entry skipped",
            "4:1: a downloaded playlist may not open a device (pulse:) on this computer; entry skipped",
            "5:1: a downloaded playlist may not open a device (x11grab:) on this computer; entry skipped",
            "6:1: a downloaded playlist may not open a device (alsa:) on this computer; entry skipped",
            "7:1: a downloaded playlist may not open a lavfi: filter graph on this computer; entry skipped",
            "8:1: a downloaded playlist may not open a local file on this computer; entry skipped",
        ])
    }

    func testAListOnDiskMayNameWhatARoomsFileMay() {
        let text = "v4l2:/dev/video0\nlavfi:testsrc2\npulse:default\nhls+file:/tmp/x.m3u8\n"
        XCTAssertEqual(entries(text).map(\.source), [
            .v4l2(device: "/dev/video0"), .lavfi(graph: "testsrc2"), .pulse(source: "default"), .url("hls+file:/tmp/x.m3u8"),
        ])
    }

    func testADownloadThatIsNotAnM3UListIsRefused() {
        XCTAssertEqual(problems("<!DOCTYPE html>\n<html>\n", downloaded),
                       ["1:1: not an M3U playlist: a downloaded playlist starts with #EXTM3U"])
        XCTAssertEqual(entries("\n  #EXTM3U\nhttp://h.example/a", downloaded).count, 1)
        XCTAssertEqual(entries("http://h.example/a").count, 1, "a plain M3U on disk needs no header")
    }

    // MARK: HLS

    func testHLSMediaAndMasterPlaylistsAreStreamsNotLists() {
        let media = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:6\n#EXTINF:6.0,\nseg0.ts\n"
        let master = "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360\nlow/index.m3u8\n"
        for (text, tag, line) in [(media, "#EXT-X-VERSION", 2), (master, "#EXT-X-STREAM-INF", 2)] {
            guard case .failure(let error) = parse(text, downloaded) else { return XCTFail("a stream is no list") }
            XCTAssertTrue(error.isHLSStream)
            XCTAssertEqual(error.words, ["\(line):1: an HLS stream (\(tag)), not a list of rooms: open it as a room"])
        }
        guard case .failure(let error) = parse("") else { return XCTFail("an empty list has no entries") }
        XCTAssertFalse(error.isHLSStream)
    }

    // MARK: Bad lines

    func testBadLinesAreSkippedAndReportedAtLineAndColumn() {
        let text = """
            #EXTM3U
            #EXTINF:-1,Lost
            #EXTINF:-1,Kept
            http://h.example/kept
            ftp://h.example/x
              http://h.example/a\u{1}b
            https://h.example/a b
            http://h.example:99999/x
            rtmp://bad_host!/x
            https://h.example/%0a
            concat:a|b
            #EXTINF:-1,Last
            """
        guard case .success(let playlist) = parse(text) else { return XCTFail("the good entry loads") }
        XCTAssertEqual(playlist.entries.map(\.title), ["Kept"])
        XCTAssertEqual(playlist.problemWords, [
            "2:1: #EXTINF with no entry after it",
            "5:1: unsupported source scheme \"ftp:\" (allowed: a file path, file:, http://, https://, rtsp://, rtmp://, udp://, srt://, tcp://, tls://, rtp://, hls+..., lavfi:, v4l2:, x11grab:, pulse:, alsa:); entry skipped",
            "6:21: control character U+1 in the entry, skipped",
            "7:1: the address holds U+20, which a URL must percent-encode; entry skipped",
            "8:1: the port \"99999\" is not a number from 0 to 65535; entry skipped",
            "9:1: the host \"bad_host!\" is neither a name of letters, digits, - and . nor an IP address; entry skipped",
            "10:1: the address percent-encodes a control character; entry skipped",
            "11:1: unsupported source scheme \"concat:\" (allowed: a file path, file:, http://, https://, rtsp://, rtmp://, udp://, srt://, tcp://, tls://, rtp://, hls+..., lavfi:, v4l2:, x11grab:, pulse:, alsa:); entry skipped",
            "12:1: #EXTINF with no entry after it",
        ])
    }

    func testAListWithNoEntryIsRefusedWithItsSkippedLines() {
        XCTAssertEqual(problems("#EXTM3U\n#EXTINF:-1,A\n"), ["2:1: #EXTINF with no entry after it", "the playlist has no entry FloatApp can open"])
        XCTAssertEqual(problems("\u{FEFF}"), ["the playlist has no entry FloatApp can open"])
    }

    // MARK: Limits

    func testALineOverTheLimitIsSkippedAtTheColumnWhereItGoesOver() {
        let long = "http://h.example/" + String(repeating: "é", count: Playlist.maximumLineLength)
        XCTAssertEqual(problems("#EXTM3U\n\(long)\nhttp://h.example/ok\n"), ["2:8201: line longer than 16384 bytes, skipped"])
    }

    func testAnEntryTooLongToReadTakesItsEXTINFWithIt() {
        let long = "http://h.example/" + String(repeating: "a", count: Playlist.maximumLineLength)
        let text = "#EXTM3U\n#EXTGRP:G\n#EXTINF:-1,Long\n\(long)\nhttp://h.example/next\n"
        guard case .success(let playlist) = parse(text) else { return XCTFail("the next entry loads") }
        XCTAssertEqual(playlist.entries, [PlaylistEntry(title: "next", source: .url("http://h.example/next"), line: 5)])
        XCTAssertEqual(problems(long + "\n#EXTM3U\nhttp://h.example/a\n", downloaded),
                       ["1:1: not an M3U playlist: a downloaded playlist starts with #EXTM3U"])
    }

    func testAListOverTheSizeLimitIsRefusedUnread() {
        let bytes = [UInt8](repeating: UInt8(ascii: "\n"), count: Playlist.maximumSize.bytes + 1)
        XCTAssertEqual(problems(bytes), ["the playlist is larger than 64 MiB"])
    }

    func testEntriesPastTheLimitAreLeftOutWithAProblem() {
        var text = "#EXTM3U\n"
        text.reserveCapacity(Playlist.maximumEntries * 12)
        for index in 0...Playlist.maximumEntries { text += "/m/\(index)\n" }
        guard case .success(let playlist) = parse(text) else { return XCTFail("the list loads") }
        XCTAssertEqual(playlist.entries.count, Playlist.maximumEntries)
        XCTAssertEqual(playlist.problemWords, ["200002:1: more than 200000 entries; the rest of the list is left out"])
    }

    func testProblemsPastTheReportedLimitAreCounted() {
        let text = String(repeating: "ftp://x\n", count: Playlist.maximumReportedProblems + 5) + "http://h.example/a\n"
        guard case .success(let playlist) = parse(text) else { return XCTFail("the list loads") }
        XCTAssertEqual(playlist.problems.count, Playlist.maximumReportedProblems)
        XCTAssertEqual(playlist.unreportedProblemCount, 5)
        XCTAssertEqual(playlist.problemWords.last, "5 more lines skipped")
    }

    /// A 100,000-entry IPTV list parses whole, every entry in place; the time is printed for
    /// whoever reads the log, not asserted (speed is the benchmarks' to judge, side by side).
    func testAHundredThousandEntryListParsesWhole() {
        var text = "#EXTM3U\n"
        text.reserveCapacity(100_000 * 170)
        for index in 0..<100_000 {
            text += "#EXTINF:-1 tvg-id=\"ch\(index).example\" tvg-name=\"Channel \(index)\" tvg-logo=\"https://logo.example/\(index).png\" group-title=\"Group \(index % 50)\",Channel \(index)\n"
            text += index.isMultiple(of: 2) ? "https://live.example/\(index)/index.m3u8\n" : "streams/\(index).ts\n"
        }
        let bytes = Array(text.utf8)
        let start = Date()
        let result = parse(bytes, downloaded)
        let seconds = Date().timeIntervalSince(start)
        print("M3U: 100,000 entries, \(bytes.count) bytes, parsed in \(String(format: "%.3f", seconds)) s")
        guard case .success(let playlist) = result else { return XCTFail("the list loads") }
        XCTAssertEqual(playlist.entries.count, 100_000)
        XCTAssertEqual(playlist.entries[99_999].source, .url("https://iptv.example/lists/de/streams/99999.ts"))
        XCTAssertEqual(playlist.entries[99_999].group, "Group 49")
    }
}
