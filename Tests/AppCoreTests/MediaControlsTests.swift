import AppCore
import EngineTerms
import XCTest

/// The media controls as a child reducer: the player name is owned while a room is open, what it
/// shows goes out only when it changed, and without a session bus they stay off (X1).
final class MediaControlsTests: XCTestCase {
    private func shown(paused: Bool = false) -> MediaState {
        MediaState(track: MediaState.Track(id: "live-a", title: "Live A"), status: paused ? .paused : .playing, volume: 1)
    }

    func testTheNameIsOwnedWhileARoomIsOpenAndOnlyChangesGoOut() {
        var state = F.start()
        assertStep(&state, .idle, now: 0.5, effects: [])
        state = F.open(F.liveA)
        assertStep(&state, .idle, now: 1.5, effects: [.startMediaControls(shown())]) { $0.mediaControls.published = self.shown() }
        assertStep(&state, .idle, now: 1.6, effects: [])
        _ = state.reduce(.media(.pause), now: 2)
        assertStep(&state, .idle, now: 2.1, effects: [.updateMediaControls(shown(paused: true))]) {
            $0.mediaControls.published = self.shown(paused: true)
        }
        _ = state.reduce(F.key(.escape), now: 3)
        assertStep(&state, .idle, now: 3.1, effects: [.stopMediaControls]) { $0.mediaControls.published = nil }
    }

    func testWithoutASessionBusTheControlsStayOffForTheRun() {
        var state = F.open(F.liveA)
        _ = state.reduce(.idle, now: 1.5)
        assertStep(&state, .mediaControlsFailed, now: 1.6, effects: []) {
            $0.mediaControls = MediaControls()
            $0.mediaControls.unavailable = true
        }
        _ = state.reduce(.media(.pause), now: 2)
        assertStep(&state, .idle, now: 2.1, effects: [])
    }
}
