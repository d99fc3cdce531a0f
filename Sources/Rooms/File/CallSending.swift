/// What a call participant's stream says about them (W10): whether their microphone is muted
/// and their camera off, so the others can show a muted marker and their name.
///
/// It travels in the stream's FLV metadata (`onMetaData`), as ``metadataKeys``: sent in the
/// stream's header and again whenever it changes; the server (nginx-rtmp with `meta copy`)
/// hands the newest to every player, those that join later included.
public struct CallSending: Hashable, Sendable {
    /// The microphone is muted or absent: the stream carries silence.
    public var microphoneMuted: Bool
    /// The camera is off or absent: the stream carries a plain picture; the others see the name.
    public var cameraOff: Bool

    /// Creates a state.
    public init(microphoneMuted: Bool = false, cameraOff: Bool = false) {
        self.microphoneMuted = microphoneMuted
        self.cameraOff = cameraOff
    }

    /// The metadata keys: the microphone's (`on` or `muted`) and the camera's (`on` or `off`).
    public static let metadataKeys = (microphone: "floatapp_mic", camera: "floatapp_camera")

    /// The metadata entries that carry this state.
    public var metadata: [(key: String, value: String)] {
        [(Self.metadataKeys.microphone, microphoneMuted ? "muted" : "on"), (Self.metadataKeys.camera, cameraOff ? "off" : "on")]
    }

    /// The state a stream's metadata carries, or nil when it carries none (not a FloatApp participant).
    public init?(metadata value: (String) -> String?) {
        guard let microphone = value(Self.metadataKeys.microphone), let camera = value(Self.metadataKeys.camera) else { return nil }
        self.init(microphoneMuted: microphone == "muted", cameraOff: camera == "off")
    }
}
