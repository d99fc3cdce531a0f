import Rooms

/// How the user's own stream in a call is captured and encoded (W10): small and at a low
/// bitrate, with key frames early in each connection, and tried again for as long as the call
/// lasts. What the desktop lacks is replaced by a plain picture or silence, so the stream always
/// has both and the others' players start alike.
public struct CallStream: Equatable, Sendable {
    /// The capture source of the picture sent.
    public var camera: String
    /// The capture source of the sound sent.
    public var microphone: String
    /// The video's bitrate in bits per second.
    public var videoBitrate: Int
    /// The sound's bitrate in bits per second.
    public var audioBitrate: Int
    /// The largest picture sent, in pixels.
    public var maximumWidth: Int, maximumHeight: Int
    /// Seconds between key frames.
    public var keyFrameInterval: Double
    /// How many connections are tried before the stream gives up.
    public var maximumAttempts: Int

    /// The picture sent without a camera: a dark plain one at the call's size.
    public static let noCamera = "lavfi:color=c=0x202020:size=640x360:rate=15"
    /// The sound sent without a microphone: silence.
    public static let noMicrophone = "lavfi:anullsrc=r=48000:cl=stereo"

    /// The stream of a user with `identity`'s camera and microphone.
    public init(identity: CallIdentity) {
        camera = identity.camera?.text ?? Self.noCamera
        microphone = identity.microphone?.text ?? Self.noMicrophone
        videoBitrate = 800_000
        audioBitrate = 64_000
        maximumWidth = 640
        maximumHeight = 360
        keyFrameInterval = 1
        maximumAttempts = .max
    }
}
