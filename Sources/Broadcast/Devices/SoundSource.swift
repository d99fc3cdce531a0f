/// One source of the desktop's sound server, as `pactl list short sources` lists it
/// (PulseAudio, or PipeWire's pulse server).
public struct SoundSource: Hashable, Sendable {
    /// The source's name, what `pulse:<name>` records from.
    public var name: String
    /// The module or driver that made it: `module-alsa-card.c`, `module-echo-cancel.c`, or
    /// `PipeWire` for every source of PipeWire's pulse server.
    public var driver: String

    /// Creates a source entry.
    public init(name: String, driver: String) {
        self.name = name
        self.driver = driver
    }

    /// True for a monitor: the sound a sink plays, never a microphone. Both servers name a
    /// sink's monitor `<sink>.monitor`.
    public var isMonitor: Bool { name.hasSuffix(".monitor") }

    /// True for an echo-cancelled source: one PulseAudio's `module-echo-cancel` made (its driver),
    /// or one whose name says echo cancel in any spelling (`echo-cancel`, `echo_cancel`,
    /// `Echo Cancellation`), as PipeWire's `libpipewire-module-echo-cancel` names its source
    /// (`echo-cancel-source` unless its config says otherwise; PipeWire lists every node with the
    /// driver `PipeWire`, so the name is all there is) and PulseAudio its default
    /// (`<master>.echo-cancel`). A source renamed without those words is not recognised; making
    /// it the default source has FloatApp use it all the same.
    public var isEchoCancelled: Bool {
        let letters = String(name.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic })
        return driver.hasPrefix("module-echo-cancel") || letters.contains("echocancel")
    }

    /// The sources in `pactl list short sources`' output: one a line, tab-separated index, name,
    /// driver, sample format and state. Lines without a name and a driver are skipped.
    public static func parseList(_ text: String) -> [SoundSource] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 3, !fields[1].isEmpty else { return nil }
            return SoundSource(name: String(fields[1]), driver: String(fields[2]))
        }
    }
}
