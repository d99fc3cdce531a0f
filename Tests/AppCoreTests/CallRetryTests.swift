import AppCore
import AppCoreTestSupport
import EngineTerms
import PiPLayout
import Session
import XCTest

/// W5 in a call: each tile shows its participant's own status and Retry; R and a tile's Retry
/// reopen only failed participants. `--exit-on-end` quits when the opened room fails for good.
final class CallRetryTests: XCTestCase {
    private let origin = Point(x: 0, y: 0)
    private let failure = PlaybackStatus.failed(.openFailed("No such file or directory"))

    private func click(_ state: inout AppState, _ x: Int, _ y: Int, at t: Double) -> [AppEffect] {
        state.reduce(.pointerPressed(window: .main, x: x, y: y, global: origin, time: t), now: t)
            + state.reduce(.pointerReleased(window: .main, x: x, y: y, global: origin, time: t, overFloat: false), now: t)
    }

    /// The call open at t = 1 with P1 failed and P0, P2 playing at t = 2.
    private func callWithAFailure() -> AppState {
        var state = F.open(F.call)
        let reports = [SourceReport(status: .playing), SourceReport(status: failure, opens: 0), SourceReport(status: .playing)]
        XCTAssertEqual(state.reduce(.playbackPolled("call", reports), now: 2),
                       [], "the room itself still plays")
        return state
    }

    func testEachTileShowsItsParticipantsOwnStatusWithItsCountdownAndRetry() throws {
        var state = callWithAFailure()
        assertStep(&state, .playbackPolled("call", [SourceReport(status: .reconnecting(attempt: 3, retryIn: 4)),
                                                  SourceReport(status: failure, opens: 0),
                                                  SourceReport(status: .buffering(percent: 40))]), now: 5, effects: [
            
        ]) {
            $0.statusPolled("call", sources: [.reconnecting(attempt: 3, retryIn: 4), self.failure, .buffering(percent: 40)],
                            status: .reconnecting(attempt: 3, retryIn: 4), at: 5)
        }
        let m = try XCTUnwrap(state.roomLayout(now: 6.5))
        XCTAssertEqual(m.tiles.map(\.status), [.reconnecting(attempt: 3, retryIn: 2.5), failure, .buffering(percent: 40)])
        XCTAssertEqual(m.tiles.map { $0.overlay?.captions.map(\.text) }, [
            ["Reconnecting (attempt 3), next try in 3 s"], ["Error", "Cannot open the source: No such file or directory"], ["Buffering 40%"],
        ])
        XCTAssertEqual(m.tiles.map { $0.overlay?.retry != nil }, [false, true, false], "only the failed tile has Retry")
        let retry = try XCTUnwrap(m.tiles[1].overlay?.retry)
        XCTAssertTrue(m.tiles[1].rect.contains(retry.x, retry.y) && m.tiles[1].rect.contains(retry.x + retry.w - 1, retry.y + retry.h - 1))
        XCTAssertEqual(m.controls.first, Hotspot(rect: retry, target: .retrySource(1)))
        XCTAssertNil(m.overlay, "a call has no stage-wide status")
        assertStep(&state, .playbackPolled("call", [SourceReport(status: .playing), SourceReport(status: failure, opens: 0),
                                                  SourceReport(status: .playing)]), now: 7, effects: [
            
        ]) {
            $0.statusPolled("call", sources: [.playing, self.failure, .playing], status: .playing, at: 7)
            $0.paint.main.dirty = true
        }
        XCTAssertEqual(state.roomLayout(now: 7)?.tiles.map { $0.overlay == nil }, [true, false, true], "playing tiles are bare")
    }

    func testRetryKeyReopensOnlyTheFailedParticipantsWhileTheOthersPlay() {
        var state = callWithAFailure()
        assertStep(&state, F.key(.letter("r")), now: 3, effects: [
            .reopenSource("call", source: 1),
            .log(.info, "retrying source 1 of call"), .setVideo("call", source: 1, .thumbnail(width: 415, height: 231)),
        ]) {
            $0.rooms["call"]?.sources[1] = .connecting
            $0.rooms["call"]?.sourceSince[1] = 3
            $0.rooms["call"]?.opens[1] = 0
            $0.main.controlsUntil = 6
            $0.paint.main.dirty = true
            $0.paint.float.dirty = true
        }
        XCTAssertEqual(state.reduce(F.key(.letter("r")), now: 4), [], "nothing failed, nothing to retry")
        XCTAssertEqual(state.reduce(.playbackPolled("call", F.reports(F.call, .playing)), now: 5), [
        ])
    }

    func testATilesRetryReopensThatParticipantAndAnAllFailedCallReportsConnecting() throws {
        var state = F.open(F.call)
        assertStep(&state, .playbackPolled("call", F.reports(F.call, failure)), now: 2, effects: [
            
        ]) {
            $0.statusPolled("call", sources: [self.failure, self.failure, self.failure], status: self.failure, at: 2)
            $0.paint.main.dirty = true
        }
        XCTAssertEqual(state.session.status(of: "call"), failure)
        let retry = try XCTUnwrap(state.roomLayout(now: 2)?.tiles[2].overlay?.retry)
        let effects = click(&state, retry.x + 2, retry.y + 2, at: 3)
        XCTAssertEqual(effects, [
            .reopenSource("call", source: 2),
            .log(.info, "retrying source 2 of call"),
            .setVideo("call", source: 2, .thumbnail(width: 415, height: 231)),
        ])
        XCTAssertEqual(state.session.status(of: "call"), .connecting, "the room is no longer failed")
        XCTAssertEqual(state.rooms["call"]?.failedSources, [0, 1])
    }

    func testAFailedLiveRoomStillReopensWholeByR() {
        var state = F.open(F.liveA)
        _ = state.reduce(.playbackPolled("live-a", [SourceReport(status: failure)]), now: 2)
        XCTAssertEqual(state.reduce(F.key(.letter("r")), now: 3).first, .closePlayback("live-a"))
        XCTAssertEqual(state.rooms["live-a"], justOpened(F.liveA, at: 3))
    }

    func testExitOnEndQuitsWithStatusOneAndTheErrorWhenTheOpenedRoomFails() {
        var state = F.start(environment: AppEnvironment(metrics: F.metrics, exitWhenEnded: "no-pip"))
        _ = state.reduce(.started(openRoom: "no-pip", float: false), now: 1)
        let effects = state.reduce(.playbackPolled("no-pip", [SourceReport(status: failure, opens: 0)]), now: 1.2)
        XCTAssertEqual(effects, [
            .quit(status: 1, message: "cannot play \"no-pip\": Cannot open the source: No such file or directory"),
        ])
        XCTAssertEqual(state.exit, 1)
    }

    func testExitOnEndKeepsRunningWhileASourceReconnectsOrOnlyOneParticipantFailed() {
        var state = F.start(environment: AppEnvironment(metrics: F.metrics, exitWhenEnded: "live-b"))
        _ = state.reduce(.started(openRoom: "live-b", float: false), now: 1)
        let reconnecting = SourceReport(status: .reconnecting(attempt: 7, retryIn: 8), opens: 0)
        XCTAssertEqual(state.reduce(.playbackPolled("live-b", [reconnecting]), now: 60),
                       [])
        XCTAssertNil(state.exit)

        state = F.start(environment: AppEnvironment(metrics: F.metrics, exitWhenEnded: "call"))
        _ = state.reduce(.started(openRoom: "call", float: false), now: 1)
        let reports = [SourceReport(status: failure, opens: 0), SourceReport(status: .playing), SourceReport(status: .playing)]
        assertStep(&state, .playbackPolled("call", reports), now: 2, effects: [
            
        ]) {
            $0.statusPolled("call", sources: [self.failure, .playing, .playing], status: .playing, at: 2)
            $0.rooms["call"]?.opens = [0, 1, 1]
            $0.rooms["call"]?.levels = [-90, -90, -90]
        }
        XCTAssertNil(state.exit, "a call with a participant playing has not failed")
        XCTAssertEqual(state.reduce(.playbackPolled("call", F.reports(F.call, failure).map {
            SourceReport(status: $0.status, opens: 1)
        }), now: 3).last, .quit(status: 1, message: "cannot play \"call\": Cannot open the source: No such file or directory"))
    }
}
