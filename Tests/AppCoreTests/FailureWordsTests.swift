import AppCore
import EngineTerms
import Session
import XCTest

/// The words AppCore gives the typed failures of a broadcast and of the media controls: the
/// one place each is said.
final class FailureWordsTests: XCTestCase {
    func testABroadcastNamesWhatFailedAndNeverSaysPlay() {
        let cases: [(BroadcastFailure, String)] = [
            (.capture(.refusedSource(.badDevice("null"))),
             "Cannot broadcast this source: \"v4l2:\" needs a device path like /dev/video0, found \"null\""),
            (.capture(.openFailed("No such file or directory")), "Cannot capture the source: No such file or directory"),
            (.capture(.decoderFailed(stream: "video", codec: "rawvideo", reason: "Invalid data")),
             "Cannot capture the source: the video stream (rawvideo): Invalid data"),
            (.capture(.captureEnded), "Cannot capture the source: the capture ended"),
            (.capture(.noPlayableStream), "The source has no video or audio to broadcast"),
            (.server(url: "rtmp://host/live/me", reason: "Connection refused"),
             "Cannot broadcast to rtmp://host/live/me: Connection refused"),
        ]
        for (failure, words) in cases {
            XCTAssertEqual(failure.words, words)
            XCTAssertFalse(failure.words.contains("play"), failure.words)
        }
        XCTAssertEqual(BroadcastReport(phase: .failed(.capture(.noPlayableStream))).line,
                       "Broadcast error: The source has no video or audio to broadcast")
    }

    func testEveryMediaControlsFailureIsOneLineThatSaysTheControlsAreOff() {
        let failures: [MediaControlsFailure] = [
            .noSessionBus, .cannotConnect("Failed to connect to socket"), .noAnswer("Did not receive a reply"),
            .cannotRequestName("org.mpris.MediaPlayer2.floatapp", detail: "denied"),
            .namesTaken(preferred: "a", fallback: "b"), .noSocket, .noThread("Too many open files"),
        ]
        for failure in failures {
            XCTAssertTrue(failure.words.hasSuffix("; media controls are off"), failure.words)
            XCTAssertFalse(failure.words.contains("\n"), failure.words)
        }
        XCTAssertEqual(MediaControlsFailure.noThread("Too many open files").words,
                       "cannot create a pipe (Too many open files); media controls are off")
        XCTAssertEqual(MediaControlsFailure.noSessionBus.words,
                       "no session bus (DBUS_SESSION_BUS_ADDRESS is not set); media controls are off")
    }

    func testTheSessionsToastsAndRefusalsAreWordedHere() {
        let cases: [(SessionNotice, String)] = [
            (.stillHosting, "Live streaming in progress. Stop hosting first."),
            (.refused(.noRoomOpen), "Open a room to use picture-in-picture."),
            (.refused(.hosting), "A room you host cannot float."),
            (.refused(.notPlaying(.ended)), "Picture-in-picture needs the room to be connecting or playing."),
            (.ended(title: "Live A"), "\u{201C}Live A\u{201D} has ended."),
            (.removedFromRoomsFile(title: "Live A"), "\u{201C}Live A\u{201D} was removed from the rooms file."),
            (.newSource(title: "Live A"), "\u{201C}Live A\u{201D} has a new source in the rooms file."),
        ]
        for (notice, words) in cases { XCTAssertEqual(notice.words, words) }
    }

    func testTheDesktopsSoundInputSaysWhatToCheckWhenItCannotOpen() {
        let pulse = PlaybackError.soundInputFailed(.pulse(source: "default"), reason: "No such process")
        XCTAssertEqual(pulse.words, "Cannot open the source: cannot record from the sound source \"default\" (No such process): "
                       + "is PulseAudio or PipeWire running, and does \"pactl list short sources\" list it?")
        let alsa = PlaybackError.soundInputFailed(.alsa(device: "hw:9"), reason: "Input/output error")
        XCTAssertEqual(alsa.words, "Cannot open the source: cannot record from the ALSA device \"hw:9\" (Input/output error): does \"arecord -L\" list it?")
        XCTAssertEqual(BroadcastFailure.capture(alsa).words,
                       "Cannot capture the source: cannot record from the ALSA device \"hw:9\" (Input/output error): does \"arecord -L\" list it?")
    }
}
