import EngineTerms
import Foundation
import XCTest
@testable import Playback

/// A hidden source decodes nothing but holds its newest key frame, shows it as a still picture
/// the moment it is shown again and comes back to full decoding at once, on real H.264 (key
/// frame every second, no B-frames) with AAC sound.
final class VideoDemandTests: XCTestCase {
    private struct Shown {
        let pts: Double
        let still: Bool
    }

    /// Plays `file` through a mixer at 2x, hiding the video from `hideAt` to `showAt` seconds of
    /// the clock (nil: never), taking every frame as a view would; returns what was presented
    /// between hiding, showing again and the end, the session's totals at each step, and the
    /// clock when the video was shown again (at or after `showAt`: the audio thread that drives
    /// it may be late on a loaded machine).
    private func play(_ file: String, hideAt: Double?, showAt: Double) throws
        -> (session: SourcePlayer, hidden: [Shown], after: [Shown], atHide: PlaybackCounters?, atShow: PlaybackCounters?,
            shownAt: Double?) {
        let session = SourcePlayer(source: file)
        let mixer = AudioMixer()
        mixer.add(session)
        session.setVideoDemand(.full(width: 320, height: 240))
        var hidden: [Shown] = [], after: [Shown] = []
        var atHide: PlaybackCounters?, atShow: PlaybackCounters?, shownAt: Double?
        var lastSerial = -1
        let device = FakeAudioDevice(mixer: mixer, chunkFrames: 512, speed: 2)
        let ended = device.run(timeout: 20, afterChunk: {
            let clock = session.clockTime ?? 0
            if let hideAt, atHide == nil, clock >= hideAt {
                atHide = session.counters
                session.setVideoDemand(.hidden)
            }
            if atHide != nil, atShow == nil, clock >= showAt {
                atShow = session.counters
                shownAt = clock
                session.setVideoDemand(.full(width: 320, height: 240))
            }
            guard let frame = session.takeFrame(), frame.serial != lastSerial else { return }
            lastSerial = frame.serial
            if atShow != nil { after.append(Shown(pts: frame.pts, still: frame.isStill)) }
            else if atHide != nil { hidden.append(Shown(pts: frame.pts, still: frame.isStill)) }
        }, until: { session.status.isFinal })
        XCTAssertTrue(ended, "the file played to its end")
        XCTAssertEqual(session.status, .ended)
        return (session, hidden, after, atHide, atShow, shownAt)
    }

    func testAHiddenSourceDecodesNothingAndIsLiveAgainFromItsNextKeyFrame() throws {
        let media = try TestMedia()
        let file = try media.h264AAC("clip.mp4", seconds: 8)
        let run = try play(file, hideAt: 1.5, showAt: 5.5)
        defer { run.session.close() }
        let hide = try XCTUnwrap(run.atHide), show = try XCTUnwrap(run.atShow), end = run.session.counters

        // Hidden for 4 s: pictures already decoded may come out, then nothing is decoded (the
        // key frames at 2..5 s are held, each in place of the one before).
        let inFlight = 2
        XCTAssertLessThanOrEqual(show.decoded - hide.decoded, inFlight,
                                 "pictures decoded while hidden: \(show.decoded - hide.decoded)")
        XCTAssertEqual(show.stills, hide.stills, "no still picture while hidden")
        let liveWhileHidden = run.hidden.filter { !$0.still && $0.pts > 1.5 + 0.5 }
        XCTAssertTrue(liveWhileHidden.isEmpty, "presented as live while hidden: \(liveWhileHidden.map(\.pts))")

        // Shown again: every non-key picture beyond the read-ahead of the clock at that moment
        // is decoded in full (one frame in the pipe at most; 30 fps, a key frame each second)...
        let shownAt = try XCTUnwrap(run.shownAt)
        // Shown again: the key frame held is queued at once, a still picture at most a second
        // old. The loop here takes the newest picture due, as a painter does, about every 5 ms
        // at 2x: one held from the read-ahead (at 6.0 s) is due one frame of the clock before
        // the first live one, 17 ms of wall time, and a loop slowed by a busy machine takes the
        // live one instead; the counters say the still was queued.
        XCTAssertGreaterThan(end.stills, show.stills, "the held key frame was queued as a still picture")
        let held = try XCTUnwrap(run.after.first, "a picture at once")
        if held.still {
            XCTAssertEqual(held.pts, held.pts.rounded(), accuracy: 0.001, "a key frame")
            XCTAssertGreaterThan(held.pts, shownAt - 1.5, "the newest key frame")
        }
        let fullFrom = shownAt + 0.5
        let due = Int(((8 - fullFrom) * 30).rounded(.down)) - Int(8 - fullFrom.rounded(.up)) - 1 - inFlight
        XCTAssertGreaterThanOrEqual(due, 10, "shown early enough to check (clock \(shownAt))")
        XCTAssertGreaterThanOrEqual(end.nonKeyDecoded - show.nonKeyDecoded, due, "decoding in full again from clock \(shownAt)")
        // ...and nothing older than the key frame live pictures start from is presented as live.
        let firstLive = try XCTUnwrap(run.after.first { !$0.still }, "live pictures came back")
        XCTAssertGreaterThanOrEqual(firstLive.pts, max(held.pts, shownAt - 0.1), "no picture older than the still one presented as live")
        XCTAssertLessThanOrEqual(firstLive.pts, shownAt + 1 + 0.5 + 0.05, "within a GOP (and the read-ahead) of being shown")
        let liveAfter = run.after.drop { $0.still }
        XCTAssertTrue(liveAfter.allSatisfy { !$0.still && $0.pts >= firstLive.pts }, "live pictures stay live, in order")
        XCTAssertTrue(run.after.prefix { $0.still }.allSatisfy { $0.pts < firstLive.pts })
        XCTAssertGreaterThanOrEqual(liveAfter.count, Int((8 - firstLive.pts) * 30) - 6, "every picture after it presented")
        XCTAssertEqual(run.session.openCount, 1, "never reopened")
    }

    /// `file` playing hidden from its start at 2x until its clock passes `time`.
    private func hiddenFromTheStart(_ file: String, until time: Double) -> (SourcePlayer, FakeAudioDevice) {
        let session = SourcePlayer(source: file)
        session.setVideoDemand(.hidden)
        let mixer = AudioMixer()
        mixer.add(session)
        let device = FakeAudioDevice(mixer: mixer, chunkFrames: 512, speed: 2)
        XCTAssertTrue(device.run(timeout: 5, until: { (session.clockTime ?? 0) > time }))
        return (session, device)
    }

    /// A hidden source's video thread takes the non-key packets it only skips in batches, not
    /// one a wake-up: in 4 s of clock (120 packets, 4 or 5 of them key frames) it wakes for the
    /// key frames and a few batches a second. Taken one a wake-up, it woke 113 times.
    func testAHiddenSourceTakesTheNonKeyPacketsItSkipsInBatches() throws {
        let media = try TestMedia()
        let file = try media.h264AAC("clip.mp4", seconds: 6)
        let (session, device) = hiddenFromTheStart(file, until: 0.5)
        defer { session.close() }
        let start = session.counters
        XCTAssertTrue(device.run(timeout: 10, until: { (session.clockTime ?? 0) > 4.5 }))
        let end = session.counters
        XCTAssertEqual(end.decoded, 0, "nothing decoded while hidden")
        let wakeups = end.videoWakeups - start.videoWakeups
        XCTAssertLessThanOrEqual(wakeups, 40, "video thread wake-ups in 4 s of a hidden source: \(wakeups)")
        XCTAssertTrue(session.isAwaitingKeyFrame, "the skipped pictures leave it waiting for a key frame")
    }

    func testTheFirstPictureAfterBeingShownIsDecodedInFull() throws {
        let media = try TestMedia()
        let file = try media.h264AAC("clip.mp4", seconds: 4)
        let (session, device) = hiddenFromTheStart(file, until: 1.2)
        defer { session.close() }
        XCTAssertTrue(session.isAwaitingKeyFrame, "pictures were skipped")
        let shownAt = session.counters
        XCTAssertEqual(shownAt.decoded, 0, "a source hidden from the start decodes nothing")
        session.setVideoDemand(.thumbnail(width: 160, height: 120))
        XCTAssertTrue(device.run(timeout: 5, until: { session.counters.decoded >= shownAt.decoded + 2 }))
        let next = session.counters
        // Of two pictures in a row at most one is a key frame (one a second): the other was decoded in full.
        XCTAssertGreaterThanOrEqual(next.nonKeyDecoded - shownAt.nonKeyDecoded, next.decoded - shownAt.decoded - 1)
        XCTAssertTrue(device.run(timeout: 5, until: { !session.isAwaitingKeyFrame }), "live from the next key frame")
        XCTAssertTrue(device.run(timeout: 5, until: { session.takeFrame().map { !$0.isStill && $0.width == 160 } ?? false }),
                      "live pictures at the thumbnail's size")
    }

    /// Shown just after a key frame was held while hidden, before any picture after it was
    /// skipped, the source decodes that key frame and the rest of its GOP in full at once: live
    /// video does not wait for the next key frame.
    func testShownRightAfterAHiddenKeyFrameTheRestOfItsGOPIsDecoded() throws {
        let media = try TestMedia()
        let file = try media.h264AAC("clip.mp4", seconds: 4)
        let (session, device) = hiddenFromTheStart(file, until: 0.1)
        defer { session.close() }
        XCTAssertTrue(device.run(timeout: 5, until: { session.core.withLock { ($0.lastDecodedVideoPts ?? 0) >= 1 } }),
                      "the key frame at 1 s held while hidden")
        let shownAt = session.counters
        XCTAssertEqual(shownAt.decoded, 0)
        session.setVideoDemand(.full(width: 320, height: 240))
        // Until 12 of the pictures after it are decoded in full, or the key frame at 2 s is
        // decoded: a source that waited for the next key frame would decode that one first.
        XCTAssertTrue(device.run(timeout: 5, until: {
            let now = session.counters
            return now.nonKeyDecoded >= 12 || now.decoded - now.nonKeyDecoded >= 2
        }))
        let later = session.counters
        XCTAssertEqual(later.decoded - later.nonKeyDecoded, 1, "no key frame since the one at 1 s")
        XCTAssertGreaterThanOrEqual(later.nonKeyDecoded, 12, "the pictures after the key frame at 1 s decoded in full")
    }

    func testHidingTheVideoLeavesTheSoundUntouched() throws {
        let media = try TestMedia()
        let file = try media.h264AAC("clip.mp4", seconds: 5)
        let plain = try play(file, hideAt: nil, showAt: 0)
        defer { plain.session.close() }
        let hidden = try play(file, hideAt: 0.5, showAt: 3.5)
        defer { hidden.session.close() }
        XCTAssertNotNil(hidden.atShow)
        let (a, b) = (plain.session.counters, hidden.session.counters)
        XCTAssertGreaterThan(a.audioFrames, 44100 * 4)
        XCTAssertEqual(b.audioFrames, a.audioFrames, "the same samples decoded with and without hiding")
        XCTAssertLessThan(b.nonKeyDecoded, a.nonKeyDecoded - 60, "hiding saved decoding")
        XCTAssertEqual(a.underruns, 0)
        XCTAssertEqual(b.underruns, 0, "hiding and showing again never starved the sound")
    }

    func testASourceWithBFramesHiddenFromTheStartShowsItsHeldKeyFrameAtOnce() throws {
        let media = try TestMedia()
        // x264's medium preset reorders pictures (B-frames): the decoder holds pictures back.
        let file = try media.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30:duration=6",
                                     "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=6",
                                     "-c:v", "libx264", "-preset", "medium", "-g", "60", "-pix_fmt", "yuv420p",
                                     "-c:a", "aac", "-shortest", media.path("b.mp4")])
        let (session, device) = hiddenFromTheStart(file, until: 0.3)
        defer { session.close() }
        XCTAssertEqual(session.counters.decoded, 0, "nothing decoded while hidden")
        XCTAssertNil(session.peekFrame())
        session.setVideoDemand(.full(width: 160, height: 120))
        // The decoder holds a reordered key frame back: it is drained out at once.
        XCTAssertTrue(device.run(timeout: 2, until: { session.counters.stills == 1 }), "the held key frame, a still, at once")
        XCTAssertEqual(session.peekFrame()?.isStill, true)
        XCTAssertEqual(session.peekFrame()?.pts ?? -1, 0, accuracy: 0.001, "the first key frame")
        var live: [Double] = []
        XCTAssertTrue(device.run(timeout: 8, afterChunk: {
            if let f = session.takeFrame(), !f.isStill, live.last != f.pts { live.append(f.pts) }
        }, until: { session.status.isFinal }))
        XCTAssertEqual(live.first ?? 0, 2, accuracy: 0.001, "live from the next key frame (a GOP of 2 s)")
        XCTAssertGreaterThanOrEqual(live.count, 110, "every picture from there")
        XCTAssertEqual(session.counters.corruptPackets, 0)
    }
}
