import Foundation
import TestSupport

/// Janus, started by a test from a config of its own in a temporary folder: the VideoRoom plugin
/// and the HTTP transport only, its API on 127.0.0.1, ICE on the namespace's `v0` alone, one
/// room (``room``) taking H.264 or VP8 and Opus with audio-level events.
final class JanusTestServer {
    static let room = 1234
    let folder: URL
    let port: Int
    private var process: ChildProcess?

    /// The API's URL.
    var apiURL: URL { URL(string: "http://127.0.0.1:\(port)/janus")! }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("floatapp-janus-\(UUID().uuidString)")
        port = freeLocalPort()
        try writeConfig()
        try start()
    }

    deinit {
        _ = process?.terminate(grace: 1)
        try? FileManager.default.removeItem(at: folder)
    }

    /// Starts Janus and waits until its API answers.
    func start() throws {
        process = try ChildProcess(executable: "/usr/bin/janus", arguments: ["--configs-folder", folder.path],
                                   stdoutURL: folder.appendingPathComponent("janus.log"))
        let info = apiURL.appendingPathComponent("info")
        try eventually("Janus answers on \(info)\n\(process?.outputTail() ?? "")", timeout: 15, poll: 0.1) {
            (try? Data(contentsOf: info)) != nil
        }
    }

    /// Kills Janus at once (SIGKILL), as a crash would.
    func kill() {
        process?.send(SIGKILL)
        _ = process?.waitForExit(timeout: 5)
        process = nil
    }

    /// The folder Debian's `janus` package put its plugins and transports in: under the
    /// machine's multiarch folder (`/usr/lib/x86_64-linux-gnu/janus` on amd64,
    /// `/usr/lib/aarch64-linux-gnu/janus` on arm64), or `/usr/lib/janus`.
    static func library() throws -> String {
        let lib = URL(fileURLWithPath: "/usr/lib")
        let multiarch = (try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? []
        let candidates = multiarch.sorted().map { lib.appendingPathComponent($0).appendingPathComponent("janus").path } + ["/usr/lib/janus"]
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: "\($0)/plugins/libjanus_videoroom.so") }) else {
            throw JanusTestServerError.notInstalled(candidates.filter { FileManager.default.fileExists(atPath: $0) })
        }
        return found
    }

    private func writeConfig() throws {
        let files = FileManager.default
        let library = try Self.library()
        for (kind, module) in [("plugins", "libjanus_videoroom.so"), ("transports", "libjanus_http.so")] {
            let place = folder.appendingPathComponent(kind)
            try files.createDirectory(at: place, withIntermediateDirectories: true)
            try files.createSymbolicLink(atPath: place.appendingPathComponent(module).path, withDestinationPath: "\(library)/\(kind)/\(module)")
        }
        for kind in ["events", "loggers"] {
            try files.createDirectory(at: folder.appendingPathComponent(kind), withIntermediateDirectories: true)
        }
        let configs = [
            "janus.jcfg": """
                general: { configs_folder = "\(folder.path)" plugins_folder = "\(folder.path)/plugins"
                  transports_folder = "\(folder.path)/transports" events_folder = "\(folder.path)/events"
                  loggers_folder = "\(folder.path)/loggers" debug_level = 4 session_timeout = 30 }
                media: { rtp_port_range = "20000-40000" }
                nat: { ice_enforce_list = "v0" full_trickle = false ice_ignore_list = "" }
                """,
            "janus.transport.http.jcfg": """
                general: { base_path = "/janus" http = true port = \(port) ip = "127.0.0.1" https = false }
                admin: { admin_http = false }
                """,
            "janus.plugin.videoroom.jcfg": """
                general: { }
                room-\(Self.room): { description = "Test call" publishers = 8 videocodec = "h264,vp8" audiocodec = "opus"
                  audiolevel_ext = true audiolevel_event = true audio_active_packets = 25 audio_level_average = 40 }
                """,
        ]
        for (name, text) in configs {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
    }
}

/// Why a ``JanusTestServer`` cannot start.
enum JanusTestServerError: Error, CustomStringConvertible {
    /// No folder under /usr/lib holds the VideoRoom plugin (the Janus folders found, if any).
    case notInstalled([String])

    var description: String {
        switch self {
        case .notInstalled(let folders): "no /usr/lib/*/janus/plugins/libjanus_videoroom.so (Janus folders: \(folders)); apt-get install janus"
        }
    }
}
