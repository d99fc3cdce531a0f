import Foundation
import Playback
import TestSupport
import XCTest

/// D8 and X1: a held recording stands still and goes on from where it was held, not from where
/// it would be had it played on; its pictures follow the clock again at once.
final class RecordingPauseTests: XCTestCase {
    func testAHeldRecordingResumesWhereItWasHeld() throws {
        let media = try TestMedia()
        let file = try media.h264AAC("clip.mp4", seconds: 4, rate: 25)
        let player = SourcePlayer(source: file, options: PlaybackOptions(liveness: .decidedOnOpen))
        defer { player.close() }
        try eventually("it plays half a second (it is \(player.status))", timeout: 6) {
            _ = player.takeFrame()
            return (player.position ?? 0) >= 0.5
        }
        player.setHeld(true)
        let heldAt = try XCTUnwrap(player.position)
        let shown = player.takeFrame()?.pts
        let until = Date().addingTimeInterval(1.5)
        while Date() < until {
            XCTAssertEqual(player.takeFrame()?.pts, shown, "no new picture while held")
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTAssertEqual(try XCTUnwrap(player.position), heldAt, accuracy: 0.001, "the clock stood still")

        player.setHeld(false)
        let resumedAt = try XCTUnwrap(player.position)
        XCTAssertEqual(resumedAt, heldAt, accuracy: 0.08, "it goes on from where it was held, not 1.5 s later")
        try eventually("a new picture comes", timeout: 2) { player.takeFrame()?.pts != shown }
        let before = try XCTUnwrap(shown)
        let picture = try XCTUnwrap(player.lastPresentedPts)
        XCTAssertLessThan(picture - before, 0.2, "the picture after the resume is the one after the hold, not 1.5 s on")
        XCTAssertEqual(player.status, .playing)
    }

    func testARecordingHeldAtItsEndEndsOnceLetGoThoughNobodyWatchesIt() throws {
        let media = try TestMedia()
        let file = try media.h264AAC("short.mp4", seconds: 0.2, rate: 25)
        let player = SourcePlayer(source: file, options: PlaybackOptions(liveness: .decidedOnOpen))
        defer { player.close() }
        try eventually("it plays (it is \(player.status))", timeout: 5) { player.position != nil }
        player.setHeld(true)
        try eventually("the whole file is read and queued", timeout: 3) { player.counters.queued >= 5 }
        Thread.sleep(forTimeInterval: 0.1)
        XCTAssertEqual(player.status, .playing, "held, it does not end")
        player.setHeld(false)
        try eventually("it ends on its own clock (it is \(player.status))", timeout: 2) { player.status == .ended }
    }
}
