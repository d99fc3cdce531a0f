import Broadcast
import DirectoryFetch
import EngineTerms
import FFmpeg
import Foundation
import LiveDirectory
import LiveServerTestSupport
import Playback
import TestSupport
import XCTest

/// W9, D4 against a real nginx-rtmp: going live from a capture, playing the broadcast back,
/// stopping cleanly, and surviving a server that refuses, dies and comes back.
final class PublisherTests: XCTestCase {
    private var nginx: NginxServer!
    /// Made per test and dropped after it, so its URL session is invalidated and freed.
    private var fetcher: HTTPFetcher!
    /// The publisher's threads' name as Linux keeps it (15 bytes), inherited by the encoder's threads.
    private static let threadName = "floatapp.publis"
    private static let source = "lavfi:testsrc2=size=1280x720:rate=30[out0];sine=f=440:sample_rate=48000[out1]"

    override func setUpWithError() throws {
        fetcher = HTTPFetcher(timeout: 2)
        nginx = try NginxServer()
        try nginx.start()
    }

    override func tearDown() {
        nginx = nil
        fetcher = nil
    }

    /// ffprobe's `codec_name,width,height` lines for `url`.
    private func probe(_ url: String) throws -> [String] {
        try ffprobeLines(["-rw_timeout", "5000000", "-show_entries", "stream=codec_name,width,height", url])
            .map { $0.trimmingCharacters(in: .init(charactersIn: ",")) }.sorted()
    }

    /// Plays `url` with Playback until two different frames arrive.
    private func playsMovingVideo(_ url: String) -> Bool {
        let session = SourcePlayer(source: url)
        defer { session.close() }
        var first: VideoFrame?
        return (try? eventually("moving video from \(url)", timeout: 20, poll: 0.005) {
            guard let frame = session.peekFrame() else { return false }
            if first == nil { first = frame }
            return frame.serial != first?.serial && frame.storage != first?.storage
        }) != nil
    }

    func testGoingLiveIsListedPlaysBackOverRTMPAndHLSAndStopsCleanly() throws {
        let publisher = Publisher(source: Self.source, url: nginx.rtmpURL("me"))
        try eventually("status \(publisher.status)", timeout: 10, poll: 0.005) { publisher.status == .live }
        try eventually("the stats page lists the broadcast at 720p", timeout: 6, poll: 0.2) {
            nginx.published("me", using: fetcher)?.resolution == "1280x720"
        }
        let preview = try XCTUnwrap(publisher.currentPreview())
        XCTAssertEqual([preview.width, preview.height], [640, 360], "the preview comes small from the capture")
        XCTAssertEqual(try probe(nginx.rtmpURL("me")), ["aac", "h264,1280,720"])
        XCTAssertTrue(playsMovingVideo(nginx.rtmpURL("me")), "Playback plays it over RTMP")
        try eventually("the HLS stream carries 1280x720 H.264", timeout: 10, poll: 0.2) {
            (try? self.probe(self.nginx.hlsURL("me")))?.contains("h264,1280,720") == true
        }
        XCTAssertTrue(playsMovingVideo(nginx.hlsURL("me")), "Playback plays it over HLS")
        let stats = publisher.stats
        XCTAssertGreaterThan(stats.liveSeconds, 1)
        XCTAssertGreaterThan(stats.sentFrames, 30)
        XCTAssertEqual(stats.bitsPerSecond, 2_500_000, accuracy: 2_000_000, "about the asked bitrate")
        let stopping = Date()
        publisher.stop()
        XCTAssertLessThan(Date().timeIntervalSince(stopping), 1, "the last packets go out at once")
        XCTAssertEqual(publisher.status, .stopped)
        XCTAssertEqual(publisher.workingThreads, 0)
        try eventually("the server sees the publisher leave", timeout: 3, poll: 0.2) {
            nginx.streams(using: fetcher)?.contains { $0.isPublishing } == false
        }
        try eventually("\(threadCount(named: Self.threadName)) publishing or encoding threads left", timeout: 3, poll: 0.005) {
            threadCount(named: Self.threadName) == 0
        }
    }

    func testARefusedPublishReconnectsWithBackoffThenFailsAndThePreviewRuns() throws {
        let statuses = PublishStatusLog()
        var options = PublishOptions()
        options.maximumAttempts = 3
        let publisher = Publisher(source: Self.source,
                                  url: "rtmp://127.0.0.1:\(nginx.rtmpPort)/no-such-application/me", options: options,
                                  onStatusChange: { statuses.append($0) })
        try eventually("status \(publisher.status)", timeout: 20, poll: 0.005) { publisher.status.isFinal }
        guard case .failed(.server(let url, _)) = publisher.status else { return XCTFail("\(publisher.status)") }
        XCTAssertTrue(url.contains("no-such-application"), url)
        XCTAssertEqual(statuses.all.filter { if case .reconnecting = $0 { true } else { false } },
                       [.reconnecting(attempt: 1, nextTryIn: 0.5), .reconnecting(attempt: 2, nextTryIn: 1)])
        let serial = publisher.currentPreview()?.serial ?? 0
        try eventually("the preview keeps running", timeout: 2, poll: 0.005) {
            (publisher.currentPreview()?.serial ?? 0) > serial + 5
        }
        publisher.stop()
        XCTAssertEqual(publisher.workingThreads, 0)
    }

    /// D6: a server that accepts the connection and never answers, and a capture that cannot
    /// open, neither hang nor leak: stop returns at once and every thread ends.
    func testStopWhileConnectingToASilentServerAndABadCaptureEndPromptly() throws {
        let silent = ListeningSocket()
        let publisher = Publisher(source: Self.source, url: "rtmp://127.0.0.1:\(silent.port)/live/me")
        XCTAssertTrue(silent.waitForClient(timeout: 10), "the publisher connects")
        XCTAssertEqual(publisher.status, .connecting)
        let started = Date()
        publisher.stop()
        XCTAssertLessThan(Date().timeIntervalSince(started), 0.5, "nothing to end cleanly: the connect is cut")
        XCTAssertEqual(publisher.status, .stopped)
        XCTAssertEqual(publisher.workingThreads, 0)

        let camera = Publisher(source: "v4l2:/dev/video-floatapp-missing", url: nginx.rtmpURL("cam"))
        try eventually("status \(camera.status)", timeout: 10, poll: 0.005) { camera.status.isFinal }
        guard case .failed = camera.status else { return XCTFail("\(camera.status)") }
        try eventually("camera.workingThreads == 0", timeout: 2, poll: 0.005) { camera.workingThreads == 0 }
        XCTAssertNil(camera.currentPreview())
        try eventually("threadCount(named: Self.threadName) == 0", timeout: 3, poll: 0.005) {
            threadCount(named: Self.threadName) == 0
        }
    }

    /// D4: the server is killed and restarted five times; the broadcast comes back each time.
    func testThePublisherReconnectsEachTimeTheServerComesBack() throws {
        let publisher = Publisher(source: Self.source, url: nginx.rtmpURL("me"))
        try eventually("publisher.status == .live", timeout: 10, poll: 0.005) { publisher.status == .live }
        let liveThreads = threadCount(named: Self.threadName)
        XCTAssertGreaterThanOrEqual(liveThreads, 2, "the capture and send threads are known by their name")
        for round in 1...5 {
            nginx.kill()
            try eventually("round \(round): \(publisher.status)", timeout: 8, poll: 0.005) {
                if case .reconnecting = publisher.status { true } else { false }
            }
            try nginx.start()
            let back = Date()
            try eventually("round \(round): listed again", timeout: 10, poll: 0.2) {
                nginx.published("me", using: fetcher) != nil
            }
            // The server lists the stream once the connection publishes; the publisher counts it
            // live after opening its encoder, a moment later (seconds under the sanitizers).
            try eventually("round \(round): \(publisher.status)", timeout: 5, poll: 0.005) { publisher.status == .live }
            XCTAssertEqual(publisher.stats.connections, round + 1, "round \(round): one connection per comeback")
            try eventually("round \(round): \(threadCount(named: Self.threadName)) threads, \(liveThreads) when first live", timeout: 3, poll: 0.005) {
                threadCount(named: Self.threadName) == liveThreads
            }
            print("round \(round): publishing again after \(String(format: "%.2f", Date().timeIntervalSince(back))) s")
        }
        XCTAssertEqual(publisher.status, .live)
        publisher.stop()
        XCTAssertEqual(publisher.workingThreads, 0)
        try eventually("\(threadCount(named: Self.threadName)) publishing or encoding threads left", timeout: 3, poll: 0.005) {
            threadCount(named: Self.threadName) == 0
        }
    }

    /// D4: a server down long enough for the backoff to grow is tried again as soon as it listens,
    /// not when the backoff ends (D4's wait alone would leave the stream away up to 2 s here).
    func testAPublisherWhoseServerWasDownReconnectsAsSoonAsItListensAgain() throws {
        let publisher = Publisher(source: Self.source, url: nginx.rtmpURL("me"))
        defer { publisher.stop() }
        try eventually("publisher.status == .live", timeout: 10, poll: 0.005) { publisher.status == .live }
        nginx.kill()
        try eventually("\(publisher.status)", timeout: 8, poll: 0.005) {
            publisher.status == .reconnecting(attempt: 3, nextTryIn: 2)
        }
        try nginx.start()
        let back = Date()
        try eventually("\(publisher.status)", timeout: 5, poll: 0.005) { publisher.status == .live }
        let waited = Date().timeIntervalSince(back)
        print("live again \(String(format: "%.2f", waited)) s after the server, in the middle of a 2 s backoff")
        XCTAssertLessThan(waited, 1, "the publisher tried again soon after the server listened")
        XCTAssertEqual(publisher.stats.connections, 2)
    }

    /// W9, D4: each connection, the first and the one after a drop, starts with key frames close
    /// together (where viewers that join then can start), then goes back to the usual GOP. An
    /// `ffmpeg` RTMP listener stands in for the server, so the recording holds the stream from
    /// its first packet (nginx hands a player only what comes after it joins).
    func testEachConnectionStartsWithKeyFramesCloseTogetherThenTheUsualGOP() throws {
        var options = PublishOptions()
        options.keyFrameInterval = 1
        options.joinKeyFrameInterval = 0.2
        options.joinWindow = 1
        let port = freeLocalPort()
        let url = "rtmp://127.0.0.1:\(port)/live/me"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("floatapp-keyframes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let recordings = [folder.appendingPathComponent("first.flv"), folder.appendingPathComponent("second.flv")]

        let first = try RTMPRecorder(url: url, seconds: 2.2, to: recordings[0])
        let publisher = Publisher(source: "lavfi:testsrc2=size=320x180:rate=30", url: url, options: options)
        defer { publisher.stop() }
        XCTAssertTrue(first.waitForExit(timeout: 15), "the first recording ends")
        // The recorder hung up: the publisher reconnects (after 0.5 s) to the next one.
        let second = try RTMPRecorder(url: url, seconds: 2.2, to: recordings[1])
        XCTAssertTrue(second.waitForExit(timeout: 15), "the second recording ends")
        XCTAssertGreaterThanOrEqual(publisher.stats.connections, 2)

        for recording in recordings {
            let keys = try keyFrameTimes(in: recording)
            let name = recording.lastPathComponent
            print("\(name): key frames at \(keys.map { String(format: "%.3f", $0) }.joined(separator: " "))")
            let early = keys.filter { $0 < 1 }
            XCTAssertGreaterThanOrEqual(early.count, 4, "\(name): key frames about every 0.2 s in the first second: \(keys)")
            for (previous, next) in zip(early, early.dropFirst()) {
                XCTAssertEqual(next - previous, 0.2, accuracy: 0.07, "\(name): spacing in the first second: \(keys)")
            }
            XCTAssertTrue(keys.contains { $0 >= 1 }, "\(name): the usual GOP goes on after the first second: \(keys)")
            for (previous, next) in zip(keys, keys.dropFirst()) where next >= 1 {
                XCTAssertEqual(next - previous, 1, accuracy: 0.1, "\(name): then a key frame a second: \(keys)")
            }
        }
    }

    /// A capture that stalls for half a second (as when the host stands still) leaves pictures
    /// and sound on one clock: the received stream's flashes and beeps, made at the same source
    /// times, keep their offset after the stall, every stream's timestamps keep rising, and the
    /// broadcast goes on over the same connection. An `ffmpeg` RTMP listener records the stream.
    func testAStalledCaptureKeepsPicturesAndSoundOnOneClock() throws {
        let port = freeLocalPort()
        let url = "rtmp://127.0.0.1:\(port)/live/me"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("floatapp-avclock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let recording = folder.appendingPathComponent("stall.flv")
        // A white picture and a beep for the first 0.1 s of every second of the source's time.
        let source = "lavfi:color=c=black:s=320x180:r=30,drawbox=c=white:t=fill:enable='lt(mod(t,1),0.1)'[out0];"
            + "aevalsrc='if(lt(mod(t,1),0.1),0.5*sin(2*PI*1000*t),0)':s=48000:c=stereo[out1]"
        let recorder = try RTMPRecorder(url: url, seconds: 5, to: recording)
        let hold = CaptureHold()
        let publisher = Publisher(source: source, url: url, captureHold: hold)
        defer { publisher.stop() }
        try eventually("\(publisher.status)", timeout: 15, poll: 0.005) { publisher.status == .live }
        try eventually("publisher.stats.liveSeconds >= 1.7", timeout: 5, poll: 0.005) {
            publisher.stats.liveSeconds >= 1.7
        }
        hold.stall(for: 0.5)
        XCTAssertTrue(recorder.waitForExit(timeout: 20), "the recording ends")
        XCTAssertEqual(publisher.stats.connections, 1, "the broadcast went on over its first connection")

        for stream in ["v", "a"] {
            let times = try ffprobeLines(["-select_streams", stream, "-show_entries", "packet=pts_time", recording.path])
                .compactMap { Double($0) }
            XCTAssertGreaterThan(times.count, 50, "\(stream): packets recorded")
            for (previous, next) in zip(times, times.dropFirst()) {
                XCTAssertLessThan(previous, next, "\(stream): timestamps keep rising")
            }
            let gap = zip(times, times.dropFirst()).map { $1 - $0 }.max() ?? 0
            XCTAssertGreaterThan(gap, 0.3, "\(stream): what the stall held back was not sent late")
        }
        let pictures = try onsets(ffprobeLines(["-f", "lavfi", "movie=\(recording.path),signalstats",
                                                "-show_entries", "frame=pts_time:frame_tags=lavfi.signalstats.YAVG"]),
                                  isOn: { $0 > 128 })
        let beeps = try onsets(ffprobeLines(["-f", "lavfi", "amovie=\(recording.path),astats=metadata=1:reset=1",
                                             "-show_entries", "frame=pts_time:frame_tags=lavfi.astats.Overall.RMS_level"]),
                               isOn: { $0 > -30 })
        print("flashes at \(pictures.map { String(format: "%.3f", $0) }), beeps at \(beeps.map { String(format: "%.3f", $0) })")
        let offsets = pictures.compactMap { picture in beeps.min { abs($0 - picture) < abs($1 - picture) }.map { picture - $0 } }
        print("picture minus sound: \(offsets.map { String(format: "%+.3f", $0) })")
        XCTAssertGreaterThanOrEqual(pictures.count, 4, "flashes before and after the stall")
        XCTAssertTrue(pictures.contains { $0 > 2.5 }, "flashes after the stall: \(pictures)")
        for offset in offsets {
            XCTAssertLessThan(abs(offset), 0.1, "each flash comes with its beep: \(offsets)")
        }
    }

    /// Onset times in ffprobe `time,value` lines: where `isOn` starts to hold.
    private func onsets(_ lines: [String], isOn: (Double) -> Bool) -> [Double] {
        var result: [Double] = []
        var wasOn = true
        for line in lines {
            let fields = line.split(separator: ",")
            guard fields.count >= 2, let time = Double(fields[0]) else { continue }
            let on = Double(fields[1]).map(isOn) ?? false
            if on && !wasOn { result.append(time) }
            wasOn = on
        }
        return result
    }

    /// ffprobe's csv lines for `arguments`.
    private func ffprobeLines(_ arguments: [String]) throws -> [String] {
        try ChildProcess.run("/usr/bin/ffprobe", ["-v", "error", "-of", "csv=p=0"] + arguments).stdout
            .split(separator: "\n").map(String.init)
    }

    /// The presentation times of the video key frames in an FLV file, from ffprobe.
    private func keyFrameTimes(in file: URL) throws -> [Double] {
        try ffprobeLines(["-select_streams", "v", "-show_entries", "packet=pts_time,flags", file.path]).compactMap { line in
            let fields = line.split(separator: ",")
            guard fields.count >= 2, fields[1].hasPrefix("K") else { return nil }
            return Double(fields[0])
        }
    }
}

/// An `ffmpeg` RTMP listener: takes one publisher at `url` and copies `seconds` of its stream
/// into a file, then hangs up.
private final class RTMPRecorder {
    private let process: ChildProcess

    init(url: String, seconds: Double, to file: URL) throws {
        process = try ChildProcess(executable: "/usr/bin/ffmpeg", arguments: [
            "-hide_banner", "-loglevel", "error", "-nostdin", "-analyzeduration", "300000", "-listen", "1", "-i", url,
            "-t", String(seconds), "-c", "copy", "-f", "flv", "-y", file.path])
    }

    /// Waits for the recording to end; false (and the listener killed) after `timeout` seconds.
    func waitForExit(timeout: Double) -> Bool {
        guard process.waitForExit(timeout: timeout) == nil else { return true }
        process.terminate()
        return false
    }
}

/// Statuses collected from a worker thread.
final class PublishStatusLog: @unchecked Sendable {
    private let lock = NSLock()
    private var statuses: [BroadcastReport.Phase] = []

    func append(_ status: BroadcastReport.Phase) { lock.withLock { statuses.append(status) } }
    var all: [BroadcastReport.Phase] { lock.withLock { statuses } }
}
