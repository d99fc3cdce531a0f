import Rooms

/// Whether an opened source is a recording or live (D8), decided from what its input reported.
extension SourceSpec {
    /// Protocols a recording can come over: a file, a progressive download, an HLS playlist
    /// (and its encrypted segments). RTMP, RTSP, SRT, UDP, RTP and raw TCP carry live streams.
    private static let recordingProtocols: Set<String> = ["file", "http", "https", "hls", "crypto", "tls"]

    /// True when the source is a recording: its input reports a finite length (`duration`,
    /// FFmpeg's `AVFormatContext.duration`) and it does not come over a live protocol. FFmpeg's
    /// HLS demuxer reports a length only for a playlist with `#EXT-X-ENDLIST`, so an HLS
    /// stream still being written is live; so is a device or a `lavfi:` graph, whatever it says.
    package func isRecording(duration: Double?) -> Bool {
        guard let duration, duration.isFinite, duration > 0 else { return false }
        switch self {
        case .file:
            return true
        case .url(let url):
            guard let colon = url.firstIndex(of: ":") else { return false }
            let layers = url[..<colon].lowercased().split(separator: "+")
            return !layers.isEmpty && layers.allSatisfy { Self.recordingProtocols.contains(String($0)) }
        case .lavfi, .v4l2, .x11grab, .pulse, .alsa:
            return false
        }
    }
}
