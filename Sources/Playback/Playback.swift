/// Placeholder until the module has content.
public enum PlaybackModule { public static let name = "Playback" }
