import EngineTerms
import PiPLayout
import Rooms
import Session

/// An open room as the app tracks it: its sources' statuses, audio settings, levels and frames.
public struct OpenRoom: Equatable, Sendable {
    /// When the room was opened, for the elapsed clock.
    public var openedAt: Double
    /// Each source's status (one for a live room, one per participant for a call).
    public var sources: [PlaybackStatus]
    /// When the room's combined status last changed, for the reconnect countdown (W5).
    public var statusSince: Double
    /// When each source's status last changed, for its tile's reconnect countdown (W5).
    public var sourceSince: [Double]
    /// Each source's count of real opens (first open and reconnections) reported so far.
    public var opens: [Int]
    /// Each source's audio level in dBFS.
    public var levels: [Double]
    /// Each source's newest frame serial seen, for the float's fresh-frame rule.
    public var serials: [Int?]
    /// Each source's video demand as last set (nil before it was).
    public var video: [VideoDemand?]
    /// Whether the room's sound is muted.
    public var muted: Bool
    /// The room's volume, 0...1.
    public var volume: Float
    /// Whether the media controls paused the room: no frames presented, no sound.
    public var paused: Bool
    /// The first source's video aspect (width / height) once known.
    public var videoAspect: Double?
    /// What each call participant's stream says of them (muted, camera off), once known.
    public var remote: [CallSending?]
    /// A joined server call: with nobody else in it, the room is in progress, not ended.
    public var isServerCall = false
    /// The first source's length and how far it played, once its open found it a recording
    /// (D8); nil for a live source.
    public var recording: RecordingProgress?

    /// A room just opened with `count` sources, all connecting.
    public init(openedAt: Double, count: Int, muted: Bool) {
        self.openedAt = openedAt
        sources = Array(repeating: .connecting, count: count)
        statusSince = openedAt
        sourceSince = Array(repeating: openedAt, count: count)
        opens = Array(repeating: 0, count: count)
        levels = Array(repeating: -90, count: count)
        serials = Array(repeating: nil, count: count)
        video = Array(repeating: nil, count: count)
        self.muted = muted
        volume = 1
        paused = false
        videoAspect = nil
        remote = Array(repeating: nil, count: count)
    }

    /// The sources whose playback failed, which Retry reopens.
    public var failedSources: [Int] {
        sources.indices.filter { if case .failed = sources[$0] { true } else { false } }
    }

    /// Source `index` opening again from scratch at `now`: connecting, nothing opened or
    /// shown yet, its picture conversion to be set again.
    mutating func reopen(_ index: Int, now: Double) {
        sources[index] = .connecting
        sourceSince[index] = now
        opens[index] = 0
        levels[index] = -90
        serials[index] = nil
        video[index] = nil
        remote[index] = nil
        if index == 0 { recording = nil }
    }

    /// Takes what the first source reported of its length and position (D8).
    mutating func noteRecording(_ report: SourceReport) {
        guard let duration = report.duration else {
            recording = nil
            return
        }
        let position = sources.first == .ended ? duration : report.position ?? recording?.position ?? 0
        recording = RecordingProgress(position: position, duration: duration)
    }

    /// The room's status: a live room's source, or for a call the best of its participants. The
    /// session model keeps the one reported (``SessionState/status(of:)``).
    public var status: PlaybackStatus {
        if sources.isEmpty, isServerCall { return .playing }
        guard sources.count > 1 else { return sources.first ?? .ended }
        if sources.contains(.playing) { return .playing }
        return sources.first { if case .failed = $0 { return false } else { return true } } ?? sources[0]
    }
}

/// A recording's length and how far it played, in seconds (D8).
public struct RecordingProgress: Equatable, Sendable {
    /// Seconds played from its start.
    public var position: Double
    /// Its whole length.
    public var duration: Double

    /// Creates a progress.
    public init(position: Double, duration: Double) {
        self.position = position
        self.duration = duration
    }
}

/// What one source reported when the shell polled it.
public struct SourceReport: Equatable, Sendable {
    /// Its status.
    public var status: PlaybackStatus
    /// How many times it opened its source so far.
    public var opens: Int
    /// Its audio level in dBFS.
    public var level: Double
    /// Its video size once known.
    public var videoSize: Size?
    /// What a call participant's stream says of them (muted, camera off), once it said it.
    public var remote: CallSending?
    /// The title the stream's container gives (FFmpeg's `title` metadata), once open.
    public var title: String?
    /// The source's length once its open found it a recording (D8); nil for a live source.
    public var duration: Double?
    /// How far a recording played (nil while its clock is stopped, and for a live source).
    public var position: Double?

    /// Creates a report.
    public init(status: PlaybackStatus, opens: Int = 1, level: Double = -90, videoSize: Size? = nil, remote: CallSending? = nil,
                title: String? = nil, duration: Double? = nil, position: Double? = nil) {
        self.duration = duration
        self.position = position
        self.status = status
        self.opens = opens
        self.level = level
        self.videoSize = videoSize
        self.remote = remote
        self.title = title
    }
}
