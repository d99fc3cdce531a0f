import EngineTerms
import FFmpeg
import LocksAndThreads
import Rooms

/// A call's own camera and microphone, captured as a call's stream captures them (W10) but
/// handed out rather than encoded here: for a sender of another engine (a WebRTC call). Each on
/// a thread of its own: pictures as YUV 4:2:0 at the camera's size fitted into the maximum size,
/// sound as interleaved stereo Float32 at 48 kHz. A muted microphone hands out silence and a
/// camera turned off a plain dark picture, so the streams and their timing go on.
///
/// Thread-safe: every member may be called from any thread; callbacks arrive on the capture threads.
public final class CaptureFeed: Sendable {
    /// The size and rate of the pictures handed out.
    public struct PictureFormat: Equatable, Sendable {
        public let width: Int, height: Int, frameRate: Int
    }

    /// The sound's rate (stereo).
    public static let soundRate = CaptureFormat.audioRate

    private let cameraInterrupt = InterruptFlag()
    private let microphoneInterrupt = InterruptFlag()
    private let sending: Guarded<CallSending>
    private let running = Guarded(0)

    /// Starts capturing `camera` (a source in R3's syntax) and `microphone` at once. `onFormat`
    /// comes first, on the camera's thread, once the camera is open: nothing is handed out before
    /// it returns. `onFailure` says why a capture could not open or ended.
    public init(camera: String, microphone: String, maximumSize: (width: Int, height: Int), sending: CallSending,
                onFormat: @escaping @Sendable (PictureFormat) -> Void,
                onPicture: @escaping @Sendable (VideoFrame) -> Void,
                onSound: @escaping @Sendable ([Float]) -> Void,
                onFailure: @escaping @Sendable (PlaybackError) -> Void) {
        FFmpegRuntime.ensureInitialized()
        self.sending = Guarded(sending)
        let options = PublishOptions(maximumSize: maximumSize)
        running.withLock { $0 = 2 }
        NamedThread.start("floatapp.call.camera") {
            self.runCamera(camera, options: options, onFormat: onFormat, onPicture: onPicture, onFailure: onFailure)
        }
        NamedThread.start("floatapp.call.microphone") {
            self.runMicrophone(microphone, options: options, onSound: onSound, onFailure: onFailure)
        }
    }

    /// Mutes or unmutes the microphone, turns the camera off or on.
    public func setSending(_ new: CallSending) {
        sending.withLock { $0 = new }
    }

    /// Stops both captures (they end within their read's timeout; no callback is waited for).
    /// The capture threads hold the feed until then: a feed that is not stopped runs on.
    public func stop() {
        cameraInterrupt.interrupt()
        microphoneInterrupt.interrupt()
    }

    /// Capture threads still running (0 some time after ``stop()``).
    public var runningCaptures: Int { running.withLock { $0 } }

    private func runCamera(_ camera: String, options: PublishOptions, onFormat: @Sendable (PictureFormat) -> Void,
                           onPicture: @Sendable (VideoFrame) -> Void, onFailure: @Sendable (PlaybackError) -> Void) {
        defer { running.withLock { $0 -= 1 } }
        do {
            let capture = try Capture(source: camera, media: .pictures, options: options, interrupt: cameraInterrupt)
            guard let pictures = capture.pictures else { return onFailure(.noPlayableStream) }
            onFormat(PictureFormat(width: pictures.width, height: pictures.height, frameRate: pictures.frameRate))
            var serial = 0
            let error = capture.run(shouldStop: { cameraInterrupt.isInterrupted }, preview: { _ in }, deliver: { item in
                guard case .picture(let frame, let time) = item else { return }
                if sending.withLock({ $0.cameraOff }) { frame.blank() }
                serial += 1
                onPicture(VideoFrame(decoded: frame, pts: time, serial: serial, isStill: false, matrix: .bt601))
            })
            if let error, !cameraInterrupt.isInterrupted { onFailure(error) }
        } catch {
            if !cameraInterrupt.isInterrupted { onFailure(error) }
        }
    }

    private func runMicrophone(_ microphone: String, options: PublishOptions, onSound: @Sendable ([Float]) -> Void,
                               onFailure: @Sendable (PlaybackError) -> Void) {
        defer { running.withLock { $0 -= 1 } }
        do {
            let capture = try Capture(source: microphone, media: .sound, options: options, interrupt: microphoneInterrupt)
            let error = capture.run(shouldStop: { microphoneInterrupt.isInterrupted }, preview: { _ in }, deliver: { item in
                guard case .sound(let samples, _) = item else { return }
                onSound(sending.withLock { $0.microphoneMuted } ? [Float](repeating: 0, count: samples.count) : samples)
            })
            if let error, !microphoneInterrupt.isInterrupted { onFailure(error) }
        } catch {
            if !microphoneInterrupt.isInterrupted { onFailure(error) }
        }
    }
}
