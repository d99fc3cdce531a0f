/// One stream on a live server's statistics page, as nginx-rtmp reports it.
public struct LiveStreamInfo: Hashable, Sendable {
    /// The stream's name (the `{stream}` of the server's URLs).
    public var name: String
    /// The application the stream is in, e.g. `live`.
    public var application: String
    /// True while a publisher sends it; a stream with only waiting viewers is not live.
    public var isPublishing: Bool
    /// Connected clients, the publisher included (`nclients`).
    public var clients: Int
    /// How long the stream has existed on the server, in seconds (`time`, in ms on the page).
    public var age: Double
    /// The picture size, when the publisher sent its metadata.
    public var width: Int?
    /// The picture height, when known.
    public var height: Int?
    /// Frames per second, when known.
    public var frameRate: Double?
    /// The video codec's name, e.g. `H264`.
    public var videoCodec: String?
    /// The audio codec's name, e.g. `AAC`.
    public var audioCodec: String?
    /// Incoming bits per second (`bw_in`).
    public var bitsPerSecondIn: Int?

    /// Creates a stream record.
    public init(name: String, application: String, isPublishing: Bool, clients: Int, age: Double,
                width: Int? = nil, height: Int? = nil, frameRate: Double? = nil,
                videoCodec: String? = nil, audioCodec: String? = nil, bitsPerSecondIn: Int? = nil) {
        self.name = name
        self.application = application
        self.isPublishing = isPublishing
        self.clients = clients
        self.age = age
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.videoCodec = videoCodec
        self.audioCodec = audioCodec
        self.bitsPerSecondIn = bitsPerSecondIn
    }

    /// The people watching: the clients other than the publisher.
    public var viewers: Int { max(0, clients - (isPublishing ? 1 : 0)) }

    /// `1280x720` when the size is known.
    public var resolution: String? {
        guard let width, let height, width > 0, height > 0 else { return nil }
        return "\(width)x\(height)"
    }
}
