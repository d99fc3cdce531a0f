/// What the desktop offers for calls when the rooms file's `me` leaves something out (R5):
/// the account's name, the first camera, the sound server's default source.
public struct DesktopDevices: Hashable, Sendable {
    /// The account's full name, else its login.
    public var accountName: String
    /// The camera, when there is one.
    public var camera: SourceSpec?
    /// The sound input, when the sound server has one.
    public var microphone: SourceSpec?

    /// Creates the desktop's defaults.
    public init(accountName: String, camera: SourceSpec? = nil, microphone: SourceSpec? = nil) {
        self.accountName = accountName
        self.camera = camera
        self.microphone = microphone
    }
}

extension CallIdentity {
    /// `me` with what it leaves out taken from `desktop`; a name whose stream form is too long
    /// is shortened at a grapheme (only the account's can be: the file's is checked).
    public init(me: Me, desktop: DesktopDevices) {
        func pick(_ setting: DeviceSetting, _ fallback: SourceSpec?) -> SourceSpec? {
            switch setting {
            case .automatic: fallback
            case .none: nil
            case .source(let source): source
            }
        }
        let account = ParticipantName.fitted(desktop.accountName)
        self.init(name: me.name ?? (account.isEmpty ? "?" : account), camera: pick(me.camera, desktop.camera),
                  microphone: pick(me.microphone, desktop.microphone))
    }
}
