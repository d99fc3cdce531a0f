/// Who the user is in calls and what they send (R5): the rooms file's `me`.
///
/// What the file leaves out is filled in from the desktop when a call is joined (the account's
/// full name, the first camera, the sound server's default source); see ``CallIdentity``.
public struct Me: Hashable, Sendable {
    /// The name the others see on the user's tile; nil: the account's.
    public var name: String?
    /// The picture sent.
    public var camera: DeviceSetting
    /// The sound sent.
    public var microphone: DeviceSetting

    /// Creates the user's settings; by default everything comes from the desktop.
    public init(name: String? = nil, camera: DeviceSetting = .automatic, microphone: DeviceSetting = .automatic) {
        self.name = name
        self.camera = camera
        self.microphone = microphone
    }
}

/// A camera or microphone setting in `me`.
public enum DeviceSetting: Hashable, Sendable {
    /// Left out: the desktop's default device, if it has one.
    case automatic
    /// `null`: none; nothing of this kind is sent.
    case none
    /// This source.
    case source(SourceSpec)
}

/// The user in a call as it is joined: `me` with the desktop's defaults filled in.
public struct CallIdentity: Hashable, Sendable {
    /// The name the others see.
    public var name: String
    /// The picture sent; nil: none (the others see the name).
    public var camera: SourceSpec?
    /// The sound sent; nil: none (the user joins listening only).
    public var microphone: SourceSpec?

    /// Creates an identity.
    public init(name: String, camera: SourceSpec?, microphone: SourceSpec?) {
        self.name = name
        self.camera = camera
        self.microphone = microphone
    }
}
