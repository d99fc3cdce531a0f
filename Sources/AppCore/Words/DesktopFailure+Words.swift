import Localization

extension DesktopFailure {
    /// The warning logged, saying what the app does without it.
    public var words: String {
        switch self {
        case .noAudio(let reason): tr("no audio: %s; playing without sound", reason)
        case .noAudioDevice(let reason): tr("no audio device: %s; playing without sound", reason)
        case .floatWindowUnprepared(let reason): tr("cannot prepare the float window: %s", reason)
        case .noDismissTarget(let reason): tr("no dismiss target: %s", reason)
        case .noFontForScript(let script):
            tr("no installed font has the %1$s script (ISO 15924): its characters show as boxes; install a font for it, e.g. Debian's fonts-noto-core, fonts-noto-cjk or fonts-noto-color-emoji", script)
        case .noRoomsFile:
            tr("no rooms file: pass --rooms FILE, or set FLOATAPP_ASSETS to the folder with the built-in rooms.json")
        }
    }
}
