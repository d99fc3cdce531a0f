import CX11
import Foundation
import LiveServerTestSupport
import PiPLayout
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

    /// Float frames of room `id` logged so far.
    func floatFrames(of id: String) -> Int {
        stats.events(named: "frame", matching: ["window": "float", "room": id]).count
    }
}

extension NginxServer {
    /// The names of the streams a publisher sends now, from the statistics page.
    func publishedStreams() throws -> [String] {
        let page = try Data(contentsOf: URL(string: statsURL)!)
        return try NginxStats.parse(page).get().filter(\.isPublishing).map(\.name)
    }

    /// A rooms file for the live server `local` on this nginx, an unreachable server `gone`
    /// (nobody listens on its port), and `rooms` (JSON objects) of the file's own.
    func roomsFile(in folder: URL, rooms: [String] = []) throws -> URL {
        let url = folder.appendingPathComponent("rooms-live.json")
        let text = """
            {"servers": [
              {"id": "local", "title": "Local server", "stats": "\(statsURL)",
               "play": "rtmp://127.0.0.1:\(rtmpPort)/live/{stream}", "publish": "rtmp://127.0.0.1:\(rtmpPort)/live/{stream}"},
              {"id": "gone", "title": "Gone server", "stats": "http://127.0.0.1:\(freeLocalPort())/stat",
               "play": "rtmp://127.0.0.1:9/live/{stream}"}
            ],
             "rooms": [\(rooms.joined(separator: ",\n"))]}
            """
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }
}
