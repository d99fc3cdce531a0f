import Foundation
import Glibc
import TestSupport

/// A real nginx with the RTMP module, from a config written into a temp dir with free ports:
/// RTMP publishing and playback in applications `live` and `call` (as `make server` has them), HLS, the `/stat` page, and static files
/// from `files/`. Runs in the foreground as one process (`daemon off; master_process off;`),
/// unprivileged or as root, and dies with the test process (``ChildProcess``'s watchdog kills it).
public final class NginxServer {
    public static let modulePath = "/usr/lib/nginx/modules/ngx_rtmp_module.so"

    public let directory: URL
    public let rtmpPort: Int
    public let httpPort: Int
    private var process: ChildProcess?

    /// Writes the config; call ``start()`` to run it.
    public init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("floatapp-nginx-\(UUID().uuidString)")
        rtmpPort = freeLocalPort()
        var http = freeLocalPort()
        while http == rtmpPort { http = freeLocalPort() }
        httpPort = http
        for sub in ["hls", "files", "tmp"] {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        try Data(config.utf8).write(to: directory.appendingPathComponent("nginx.conf"))
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    public var statsURL: String { "http://127.0.0.1:\(httpPort)/stat" }
    public func rtmpURL(_ stream: String) -> String { "rtmp://127.0.0.1:\(rtmpPort)/live/\(stream)" }
    /// The calls template of this server's `call` application (R5).
    public var callsTemplate: String { "rtmp://127.0.0.1:\(rtmpPort)/call/{room}~{participant}" }
    public func hlsURL(_ stream: String) -> String { "http://127.0.0.1:\(httpPort)/hls/\(stream).m3u8" }
    public func fileURL(_ name: String) -> String { "http://127.0.0.1:\(httpPort)/files/\(name)" }
    public var errorLog: URL { directory.appendingPathComponent("error.log") }

    /// Puts a file where ``fileURL(_:)`` serves it.
    public func serve(_ data: Data, as name: String) throws {
        try data.write(to: directory.appendingPathComponent("files/\(name)"))
    }

    private var config: String {
        let dir = directory.path
        return """
            load_module \(Self.modulePath);
            daemon off;
            master_process off;
            pid \(dir)/nginx.pid;
            error_log \(dir)/error.log info;
            events { worker_connections 512; }
            rtmp {
                server {
                    listen 127.0.0.1:\(rtmpPort);
                    application live {
                        live on; idle_streams off;
                        hls on; hls_path \(dir)/hls; hls_fragment 1s; hls_playlist_length 6s;
                    }
                    application call {
                        live on; idle_streams off; meta copy; drop_idle_publisher 3s;
                    }
                }
            }
            http {
                access_log off;
                client_body_temp_path \(dir)/tmp/body; proxy_temp_path \(dir)/tmp/proxy;
                fastcgi_temp_path \(dir)/tmp/fastcgi; uwsgi_temp_path \(dir)/tmp/uwsgi; scgi_temp_path \(dir)/tmp/scgi;
                types { application/vnd.apple.mpegurl m3u8; video/mp2t ts; text/xml xml; }
                server {
                    listen 127.0.0.1:\(httpPort);
                    location /stat { rtmp_stat all; }
                    location /hls/ { alias \(dir)/hls/; add_header Cache-Control no-cache; }
                    location /files/ { alias \(dir)/files/; }
                }
            }
            """
    }

    /// Starts nginx and waits until both ports accept connections.
    public func start() throws {
        let process: ChildProcess
        do {
            process = try ChildProcess(executable: "/usr/sbin/nginx", arguments: [
                "-p", directory.path, "-c", directory.appendingPathComponent("nginx.conf").path])
        } catch {
            throw NginxError.didNotStart("\(error)")
        }
        self.process = process
        let deadline = Date().addingTimeInterval(10)
        while !(localPortAccepts(rtmpPort) && localPortAccepts(httpPort)) {
            guard process.isRunning, Date() < deadline else {
                let log = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
                kill()
                throw NginxError.didNotStart(log.split(separator: "\n").suffix(5).joined(separator: "\n"))
            }
            usleep(20_000)
        }
    }

    /// Kills nginx with SIGKILL, as a crash would, and reaps it.
    public func kill() {
        guard let process else { return }
        process.send(SIGKILL)
        process.terminate(grace: 0)
        self.process = nil
    }

    /// Stops nginx (SIGQUIT: graceful), or kills it after 3 s.
    public func stop() {
        guard let process else { return }
        process.send(SIGQUIT)
        _ = process.waitForExit(timeout: 3)
        kill()
    }
}

/// Why the test nginx could not run.
public enum NginxError: Error {
    case didNotStart(String)
}

/// An `ffmpeg` command-line publisher: a test pattern (and a tone) pushed over RTMP in real time.
public final class FFmpegPublisher {
    private let process: ChildProcess

    public init(url: String, size: String = "640x360", rate: Int = 25, audio: Bool = true) throws {
        var arguments = ["-hide_banner", "-loglevel", "error", "-nostdin", "-re",
                         "-f", "lavfi", "-i", "testsrc2=size=\(size):rate=\(rate)"]
        if audio { arguments += ["-f", "lavfi", "-i", "sine=f=440:sample_rate=44100"] }
        arguments += ["-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-g", String(rate * 2)]
        arguments += audio ? ["-c:a", "aac"] : ["-an"]
        arguments += ["-t", "300", "-f", "flv", url]
        process = try ChildProcess(executable: "/usr/bin/ffmpeg", arguments: arguments)
    }

    /// Kills the publisher at once, as `kill -9` does: the server sees only its connection close.
    public func kill() {
        process.send(SIGKILL)
        process.terminate(grace: 0)
    }

    /// Ends the publish the way a person would (SIGINT lets ffmpeg close the stream).
    public func stop() {
        process.send(SIGINT)
        if process.waitForExit(timeout: 3) == nil { process.send(SIGKILL) }
        process.terminate(grace: 0)
    }

    deinit { stop() }
}

