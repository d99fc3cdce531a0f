import Foundation

/// Chromium, headless with its fake camera and microphone, on the project's call page
/// (Tests/Fixtures/webrtc/call.html, on janus.js), served with janus.js and adapter.js by a
/// Python HTTP server whose request log carries the page's reports.
public final class BrowserPage {
    public let folder: URL
    private let server: ChildProcess
    private let browser: ChildProcess

    /// Opens the page in a new Chromium, joining VideoRoom `room` of the Janus HTTP API at `api`.
    public init(api: String, room: Int) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("floatapp-browser-\(UUID().uuidString)")
        let site = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/webrtc/call.html")
        for (name, source) in [("call.html", fixture.path), ("janus.js", "/usr/share/javascript/janus-gateway/janus.js"),
                               ("adapter.js", "/usr/share/javascript/webrtc-adapter/adapter.js")] {
            try FileManager.default.copyItem(atPath: source, toPath: site.appendingPathComponent(name).path)
        }
        try "".write(to: site.appendingPathComponent("command.txt"), atomically: true, encoding: .utf8)
        let port = freeLocalPort()
        server = try ChildProcess(executable: "/usr/bin/python3",
                                  arguments: ["-m", "http.server", "\(port)", "--bind", "127.0.0.1", "--directory", site.path],
                                  stdoutURL: folder.appendingPathComponent("server.log"), stderrURL: folder.appendingPathComponent("server.log"))
        try eventually("the page's server listens", timeout: 10) { localPortAccepts(port) }
        let page = "http://127.0.0.1:\(port)/call.html?room=\(room)&janus=\(api)"
        browser = try ChildProcess(executable: "/usr/bin/chromium", arguments: [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
            "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", "--autoplay-policy=no-user-gesture-required",
            "--disable-features=WebRtcHideLocalIpsWithMdns", "--no-first-run", page,
        ], stdoutURL: folder.appendingPathComponent("chromium.log"), stderrURL: folder.appendingPathComponent("chromium.log"))
    }

    deinit {
        _ = browser.terminate(grace: 1)
        _ = server.terminate(grace: 1)
        try? FileManager.default.removeItem(at: folder)
    }

    /// The page's newest report (its query's fields), nil before the first.
    public var report: [String: String]? {
        let log = ChildProcess.text(of: folder.appendingPathComponent("server.log"))
        guard let line = log.split(separator: "\n").last(where: { $0.contains("GET /report?") }),
              let start = line.range(of: "/report?"), let end = line.range(of: " HTTP/", range: start.upperBound..<line.endIndex)
        else { return nil }
        var fields: [String: String] = [:]
        for pair in line[start.upperBound..<end.lowerBound].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
            fields[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return fields
    }

    /// A number from the newest report (0 when absent).
    public func number(_ field: String) -> Double { report?[field].flatMap(Double.init) ?? 0 }

    /// Tells the page to mute its microphone: its track disabled (silence is sent), as Janus's
    /// own VideoRoom demo mutes, and with `throughJanus` also no longer sent (VideoRoom's
    /// `configure`), as FloatApp mutes.
    public func mute(throughJanus: Bool = false) throws {
        try (throughJanus ? "mute-in-janus" : "mute").write(to: folder.appendingPathComponent("site/command.txt"), atomically: true, encoding: .utf8)
    }

    /// The browser's and the server's output, for a failure's message.
    public var logs: String { browser.outputTail(lines: 20) + "\n" + String(ChildProcess.text(of: folder.appendingPathComponent("server.log")).suffix(600)) }
}
