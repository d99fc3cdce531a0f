/// How a broadcast is encoded and sent.
public struct PublishOptions: Sendable, Equatable {
    /// Video bits per second (2.5 Mb/s suits 720p30).
    public var videoBitrate: Int
    /// Audio bits per second (AAC).
    public var audioBitrate: Int
    /// The largest picture sent; larger captures are scaled down to fit, smaller ones are sent as they are.
    public var maximumSize: (width: Int, height: Int)
    /// Frame rate used when the capture does not say.
    public var defaultFrameRate: Double
    /// Seconds between key frames.
    public var keyFrameInterval: Double
    /// Seconds between key frames during the first ``joinWindow`` seconds of each connection, when
    /// viewers (re)join: a viewer starts at the next key frame, so this bounds its wait then.
    public var joinKeyFrameInterval: Double
    /// Seconds from each (re)connection during which key frames come every ``joinKeyFrameInterval``.
    public var joinWindow: Double
    /// Failed connections in a row before the broadcast gives up.
    public var maximumAttempts: Int
    /// Seconds a connect or a send may block before it counts as failed.
    public var ioTimeout: Double
    /// The longest side of the preview pictures.
    public var previewMaximumSize: (width: Int, height: Int)

    /// The defaults: 2.5 Mb/s H.264 at up to 1280x720, 128 kb/s AAC, 2 s GOP (0.5 s in the first
    /// 5 s of each connection), 6 tries.
    public init(videoBitrate: Int = 2_500_000, audioBitrate: Int = 128_000,
                maximumSize: (width: Int, height: Int) = (1280, 720), defaultFrameRate: Double = 30,
                keyFrameInterval: Double = 2, joinKeyFrameInterval: Double = 0.5, joinWindow: Double = 5,
                maximumAttempts: Int = 6, ioTimeout: Double = 5,
                previewMaximumSize: (width: Int, height: Int) = (640, 360)) {
        self.videoBitrate = videoBitrate
        self.audioBitrate = audioBitrate
        self.maximumSize = maximumSize
        self.defaultFrameRate = defaultFrameRate
        self.keyFrameInterval = keyFrameInterval
        self.joinKeyFrameInterval = joinKeyFrameInterval
        self.joinWindow = joinWindow
        self.maximumAttempts = maximumAttempts
        self.ioTimeout = ioTimeout
        self.previewMaximumSize = previewMaximumSize
    }

    public static func == (left: PublishOptions, right: PublishOptions) -> Bool {
        left.videoBitrate == right.videoBitrate && left.audioBitrate == right.audioBitrate
            && left.maximumSize == right.maximumSize && left.defaultFrameRate == right.defaultFrameRate
            && left.keyFrameInterval == right.keyFrameInterval && left.joinKeyFrameInterval == right.joinKeyFrameInterval
            && left.joinWindow == right.joinWindow && left.maximumAttempts == right.maximumAttempts
            && left.ioTimeout == right.ioTimeout && left.previewMaximumSize == right.previewMaximumSize
    }
}
