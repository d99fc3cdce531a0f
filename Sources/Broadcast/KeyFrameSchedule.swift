import FFmpeg

/// When the publisher forces a key frame (W9, D4): every ``PublishOptions/joinKeyFrameInterval``
/// seconds during the first ``PublishOptions/joinWindow`` seconds of each connection, then none
/// (the encoder's own GOP, ``PublishOptions/keyFrameInterval``, takes over).
///
/// A viewer can only start at a key frame, and a server without a GOP cache (nginx-rtmp) hands a
/// joining viewer no earlier one, so it waits for the publisher's next. Viewers join right after
/// the publisher connects: when the server came back, every viewer reconnects then. Key frames
/// close together in those seconds let them start within the short interval instead of a whole
/// GOP; after it, the usual GOP keeps the picture quality and bitrate of a normal broadcast.
struct KeyFrameSchedule {
    /// Pictures between forced key frames.
    let interval: Int64
    /// Pictures from the connection's start during which key frames are forced.
    let window: Int64
    private var lastForced: Int64?

    /// A schedule for pictures at `frameRate` per second, timed in pictures from the connection's start.
    init(frameRate: Int, options: PublishOptions) {
        let rate = Double(max(frameRate, 1))
        interval = max(1, Int64((rate * options.joinKeyFrameInterval).rounded()))
        window = max(0, Int64((rate * options.joinWindow).rounded()))
    }

    /// True when the picture at `pts` (pictures since the connection went live, rising) must be a key frame.
    mutating func forcesKeyFrame(at pts: Int64) -> Bool {
        guard pts < window else { return false }
        if let lastForced, pts - lastForced < interval { return false }
        lastForced = pts
        return true
    }
}
