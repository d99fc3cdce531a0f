import Glibc
import Rooms

/// The desktop's default camera and microphone, for a rooms file that names none (R5).
///
/// The microphone is the sound server's (PulseAudio, or PipeWire's pulse server), asked with
/// `pactl`: an echo-cancelled source when the server offers one (PulseAudio's
/// `module-echo-cancel`, PipeWire's `libpipewire-module-echo-cancel`: see
/// ``SoundSource/isEchoCancelled``), so a user on speakers is not heard twice; else the
/// server's default source; never a monitor (what a sink plays). The camera is
/// `v4l2:/dev/video0` when that device exists.
public enum DefaultDevices {
    /// The camera that `video0` names, or nil when there is none.
    public static func camera() -> SourceSpec? {
        camera(at: "/dev/video0")
    }

    /// The microphone to send: `pulse:<source>` as ``microphone(from:defaultSource:)`` picks it
    /// from the sound server's sources; `pulse:default` when a sound server's socket is there
    /// but `pactl` is not installed; nil when there is no sound server (or no source but
    /// monitors).
    ///
    /// Blocks while `pactl` answers: a few milliseconds, at most ``Pactl/timeout`` per question
    /// for a server that hangs. Call it once when a call is joined, off the main thread.
    public static func microphone() -> SourceSpec? {
        switch Pactl.run(["list", "short", "sources"]) {
        case .notInstalled:
            return soundServerSocketExists() ? .pulse(source: "default") : nil
        case .failed:
            return nil
        case .output(let listing):
            var defaultSource: String?
            if case .output(let name) = Pactl.run(["get-default-source"]) {
                defaultSource = name.trimmingWhitespace()
            }
            return microphone(from: SoundSource.parseList(listing), defaultSource: defaultSource)
        }
    }

    /// The microphone among `sources`, the choice alone: monitors are never one; an
    /// echo-cancelled source comes first (the default one if the default is echo-cancelled);
    /// then the server's default source; then the first other source. A name that the `pulse:`
    /// syntax cannot carry is passed over. Nil when no source is left.
    public static func microphone(from sources: [SoundSource], defaultSource: String?) -> SourceSpec? {
        let microphones = sources.filter { source in
            guard !source.isMonitor, case .pulse? = try? SourceSpec.parse("pulse:" + source.name) else { return false }
            return true
        }
        let chosen = microphones.first { $0.isEchoCancelled && $0.name == defaultSource }
            ?? microphones.first(where: \.isEchoCancelled)
            ?? microphones.first { $0.name == defaultSource }
            ?? microphones.first
        return chosen.map { .pulse(source: $0.name) }
    }

    /// True when a pulse server's socket is where clients look for it: `PULSE_SERVER`, else
    /// `$XDG_RUNTIME_DIR/pulse/native` (PulseAudio's and pipewire-pulse's place).
    private static func soundServerSocketExists() -> Bool {
        if let server = getenv("PULSE_SERVER"), server.pointee != 0 { return true }
        guard let runtime = getenv("XDG_RUNTIME_DIR") else { return false }
        var status = stat()
        return stat(String(cString: runtime) + "/pulse/native", &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK
    }

    /// `v4l2:<path>` when `path` is a character device, else nil.
    static func camera(at path: String) -> SourceSpec? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFCHR else { return nil }
        return .v4l2(device: path)
    }
}

extension String {
    /// The string without leading and trailing spaces and line ends.
    fileprivate func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
