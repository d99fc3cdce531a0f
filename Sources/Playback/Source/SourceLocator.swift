import Foundation

/// Where and how to open a source string (R3), after the protocol policy (D5) was applied.
struct SourceLocator: Equatable {
    /// The name FFmpeg opens: a URL, a path, a filtergraph, a device path or a display.
    let url: String
    /// The input format to force (a device), or nil to let FFmpeg probe.
    let formatName: String?

    /// A file, synthetic graph or device: nothing a later try can fix when it cannot be opened.
    var isLocal: Bool { formatName != nil || !url.contains("://") }
    /// True for network protocols (timeouts matter, probing is bounded).
    let isNetwork: Bool

    /// The protocols a URL source may start with.
    static let allowedSchemes: Set<String> = [
        "file", "http", "https", "tcp", "tls", "udp", "rtp", "rtsp", "rtmp", "hls", "crypto", "srt",
    ]

    /// Parses `source`; throws a user-facing error for refused, unknown or malformed sources.
    static func parse(_ source: String) throws(PlaybackError) -> SourceLocator {
        let trimmed = source.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .invalidSource("the source is empty") }
        guard let scheme = scheme(of: trimmed) else {
            return SourceLocator(url: trimmed, formatName: nil, isNetwork: false)
        }
        let rest = String(trimmed.dropFirst(scheme.count + 1))
        switch scheme.lowercased() {
        case "lavfi":
            return try lavfi(graph: rest)
        case "v4l2":
            guard rest.hasPrefix("/dev/") else { throw .invalidSource("a camera is v4l2:/dev/videoN") }
            return SourceLocator(url: rest, formatName: "video4linux2", isNetwork: false)
        case "x11grab":
            guard !rest.isEmpty else { throw .invalidSource("a screen is x11grab:<display>, e.g. x11grab::0") }
            return SourceLocator(url: rest, formatName: "x11grab", isNetwork: false)
        case let name where allowedSchemes.contains(name):
            return SourceLocator(url: trimmed, formatName: nil, isNetwork: name != "file")
        case let name where FFmpegRuntime.hasInputProtocol(named: name):
            throw .refusedProtocol(name)
        default:
            throw .unknownScheme(scheme)
        }
    }

    /// The scheme as FFmpeg reads it: a run of letters, digits, `+`, `-`, `.` ended by `:`.
    static func scheme(of source: String) -> String? {
        guard let colon = source.firstIndex(of: ":") else { return nil }
        let candidate = source[..<colon]
        let schemeCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.")
        guard !candidate.isEmpty, candidate.allSatisfy({ schemeCharacters.contains($0) }) else { return nil }
        return String(candidate)
    }

    /// A lavfi graph; the `movie`/`amovie` filters are refused because they open files and URLs
    /// outside the protocol whitelist.
    private static func lavfi(graph: String) throws(PlaybackError) -> SourceLocator {
        guard !graph.isEmpty else { throw .invalidSource("the lavfi: graph is empty") }
        let filterNames = graph.split(whereSeparator: { ";,[]".contains($0) })
            .map { $0.split(separator: "=", maxSplits: 1).first.map(String.init) ?? "" }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if let opener = filterNames.first(where: { $0 == "movie" || $0 == "amovie" }) {
            throw .refusedProtocol("lavfi \(opener) filter")
        }
        return SourceLocator(url: graph, formatName: "lavfi", isNetwork: false)
    }
}
