import AppCore
import XCTest

/// The words AppCore gives the typed failures of a broadcast and of the media controls: the
/// one place each is said.
final class FailureWordsTests: XCTestCase {
    func testABroadcastNamesWhatFailedAndNeverSaysPlay() {
        let cases: [(BroadcastFailure, String)] = [
            (.refusedSource("not a device: /dev/null"), "Cannot broadcast this source: not a device: /dev/null"),
            (.captureFailed("No such file or directory"), "Cannot capture the source: No such file or directory"),
            (.nothingToCapture, "The source has no video or audio to broadcast"),
            (.serverFailed(url: "rtmp://host/live/me", reason: "Connection refused"),
             "Cannot broadcast to rtmp://host/live/me: Connection refused"),
        ]
        for (failure, words) in cases {
            XCTAssertEqual(failure.words, words)
            XCTAssertFalse(failure.words.contains("play"), failure.words)
        }
        XCTAssertEqual(BroadcastReport(phase: .failed(.nothingToCapture)).line,
                       "Broadcast error: The source has no video or audio to broadcast")
    }

    func testEveryMediaControlsFailureIsOneLineThatSaysTheControlsAreOff() {
        let failures: [MediaControlsFailure] = [
            .noSessionBus, .cannotConnect("Failed to connect to socket"), .noAnswer("Did not receive a reply"),
            .cannotRequestName("org.mpris.MediaPlayer2.floatapp", detail: "denied"),
            .namesTaken(preferred: "a", fallback: "b"), .noSocket, .noThread("cannot create a pipe (Too many open files)"),
        ]
        for failure in failures {
            XCTAssertTrue(failure.words.hasSuffix("; media controls are off"), failure.words)
            XCTAssertFalse(failure.words.contains("\n"), failure.words)
        }
        XCTAssertEqual(MediaControlsFailure.noSessionBus.words,
                       "no session bus (DBUS_SESSION_BUS_ADDRESS is not set); media controls are off")
    }
}
