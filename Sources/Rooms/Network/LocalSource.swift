/// A source that opens something on this computer rather than on the network: what a
/// downloaded playlist and an invite link may never name (R7, W13).
public enum LocalSource: Hashable, Sendable {
    /// A file, from a path, a `file:` URL or an `hls+file:` URL.
    case file
    /// A synthetic `lavfi:` filter graph.
    case lavfi
    /// A camera, a screen or a sound input, by its scheme (`v4l2`, `x11grab`, `pulse`, `alsa`).
    case device(scheme: String)

    /// What `source` opens on this computer, or nil for a network URL.
    public init?(_ source: SourceSpec) {
        switch source {
        case .url(let text):
            guard NetworkURL.schemeIsLocal(text) else { return nil }
            self = .file
        case .file: self = .file
        case .lavfi: self = .lavfi
        case .v4l2: self = .device(scheme: "v4l2")
        case .x11grab: self = .device(scheme: "x11grab")
        case .pulse: self = .device(scheme: "pulse")
        case .alsa: self = .device(scheme: "alsa")
        }
    }
}
