import CX11
import Foundation
import LiveDirectory
import LiveServerTestSupport
import TestSupport
import XCTest

/// One FloatApp among several on a test desktop, with a rooms file that lists a real nginx-rtmp
/// (W8): its own stats file, its main window found by its process id.
final class LiveServerApp {
    let desktop: TestDesktop
    let app: AppProcess
    let stats: StatsFile
    let mainWindow: Window

    /// Launches the app named `name` on `roomsFile` with `arguments`, and waits for its main window.
    init(_ name: String, roomsFile: URL, arguments: [String] = [], on desktop: TestDesktop,
         launch: ([String]) throws -> AppProcess) throws {
        self.desktop = desktop
        stats = StatsFile(url: desktop.workFolder.appendingPathComponent("\(name)-stats.jsonl"))
        let app = try launch(["--rooms", roomsFile.path, "--stats", stats.url.path] + arguments)
        self.app = app
        mainWindow = try eventuallyValue("\(name)'s main window\n\(app.outputTail())", timeout: 30) { () -> Window? in
            desktop.clientWindows(ofProcess: app.process.pid).first {
                desktop.title(of: $0) == "FloatApp" && desktop.mapState(of: $0) == .viewable
            }
        }
    }

    /// Keeps the stats file with the test's screenshots and logs, for reading a run afterwards.
    deinit {
        let kept = desktop.artifactsFolder.appendingPathComponent(stats.url.lastPathComponent)
        try? FileManager.default.removeItem(at: kept)
        try? FileManager.default.copyItem(at: stats.url, to: kept)
    }

    /// Focuses the main window and presses `key` in it.
    func press(_ key: Key) throws {
        try desktop.focus(mainWindow)
        desktop.key(key)
    }

    /// Waits for at least one event `name` with `fields`, and returns the matching ones.
    @discardableResult
    func waitFor(_ name: String, _ fields: [String: String] = [:], timeout: TimeInterval) throws -> [StatsEvent] {
        try eventuallyValue("\(name) \(fields) in \(stats.url.lastPathComponent)\n\(app.outputTail())", timeout: timeout) {
            () -> [StatsEvent]? in
            let found = stats.events(named: name, matching: fields)
            return found.isEmpty ? nil : found
        }
    }

    /// The last stats events other than frames, one short line, for failure messages.
    func summary() -> String {
        stats.events().filter { $0.name != "frame" }.suffix(16).map { event in
            "\(Int(event.time)) " + event.name + "(" + event.fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                .joined(separator: ",") + ")"
        }.joined(separator: " ")
    }

    /// The app's threads whose name starts with `prefix` (threads inherit their starter's name,
    /// so FFmpeg's encoder and decoder threads count with the thread that made them).
    func threads(named prefix: String) -> Int {
        let folder = "/proc/\(app.process.pid)/task"
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return tasks.filter { task in
            ((try? String(contentsOfFile: "\(folder)/\(task)/comm", encoding: .utf8)) ?? "").hasPrefix(prefix)
        }.count
    }

    /// Float frames of room `id` logged so far.
    func floatFrames(of id: String) -> Int {
        stats.events(named: "frame", matching: ["window": "float", "room": id]).count
    }
}

extension NginxServer {
    /// The names of the streams a publisher sends now, from the statistics page.
    func publishedStreams() throws -> [String] {
        let page = try Data(contentsOf: URL(string: statsURL)!)
        return try NginxStats.parse(page).filter(\.isPublishing).map(\.name)
    }

    /// A rooms file for the live server `local` on this nginx, an unreachable server `gone`
    /// (nobody listens on its port), and `rooms` (JSON objects) of the file's own. With `hls`,
    /// a second section `hls` lists the same streams and plays them over HLS from this nginx.
    func roomsFile(in folder: URL, rooms: [String] = [], hls: Bool = false) throws -> URL {
        let url = folder.appendingPathComponent("rooms-live.json")
        var servers = [#"{"id": "local", "title": "Local server", "stats": "\#(statsURL)", "#
            + #""play": "\#(rtmpURL("{stream}"))", "publish": "\#(rtmpURL("{stream}"))"}"#]
        if hls {
            servers.append(#"{"id": "hls", "title": "Local server (HLS)", "stats": "\#(statsURL)", "play": "\#(hlsURL("{stream}"))"}"#)
        }
        servers.append(#"{"id": "gone", "title": "Gone server", "stats": "http://127.0.0.1:\#(freeLocalPort())/stat", "#
            + #""play": "rtmp://127.0.0.1:9/live/{stream}"}"#)
        let text = """
            {"servers": [
              \(servers.joined(separator: ",\n  "))
            ],
             "rooms": [\(rooms.joined(separator: ",\n"))]}
            """
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }
}
