/// Where and how a host room goes live (R2): its own `publish` URL or its `server`'s template.
public struct Broadcast: Hashable, Sendable {
    /// The default video bitrate, for 720p30: 2.5 Mb/s.
    public static let defaultVideoBitrate = 2_500_000

    /// The RTMP URL the broadcast is published to, with `{stream}` already replaced.
    public var publishURL: String
    /// The server the URL came from (`server` in the file), or nil for a room's own `publish`.
    public var serverID: String?
    /// The video bitrate in bits per second (`bitrate` in the file, in kbit/s).
    public var videoBitrate: Int

    /// Creates a broadcast destination.
    public init(publishURL: String, serverID: String? = nil, videoBitrate: Int = Broadcast.defaultVideoBitrate) {
        self.publishURL = publishURL
        self.serverID = serverID
        self.videoBitrate = videoBitrate
    }
}
