/// What the desktop shell could not set up, as data: the app runs on without it, and AppCore
/// words the one warning.
public enum DesktopFailure: Hashable, Sendable {
    /// SDL's audio could not start; SDL's reason.
    case noAudio(String)
    /// No audio device opened; the reason is SDL's.
    case noAudioDevice(String)
    /// The float window could not be made ahead of time; the reason is SDL's.
    case floatWindowUnprepared(String)
    /// The drag's dismiss target window could not be made; the reason is SDL's.
    case noDismissTarget(String)
    /// No installed font has a script (an ISO 15924 code) that a line uses.
    case noFontForScript(String)
    /// No rooms file to read: none given, none in the user's config, no built-in assets.
    case noRoomsFile
}
