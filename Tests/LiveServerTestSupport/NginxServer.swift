import Foundation
import Glibc

/// A real nginx with the RTMP module, from a config written into a temp dir with free ports:
/// RTMP publishing and playback in applications `live` and `call` (as `make server` has them), HLS, the `/stat` page, and static files
/// from `files/`. Runs in the foreground as one process (`daemon off; master_process off;`),
/// unprivileged or as root, and dies with the test process (a shell watchdog kills it).
public final class NginxServer {
    public static let modulePath = "/usr/lib/nginx/modules/ngx_rtmp_module.so"

    public let directory: URL
    public let rtmpPort: Int
    public let httpPort: Int
    private var pid: pid_t?

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
    ///
    /// Spawned directly (not with Foundation's `Process`, which learns of a child's exit from a
    /// descriptor the watchdog would inherit); a shell watchdog kills nginx when the test process
    /// goes away, and ends itself once nginx has been reaped.
    public func start() throws {
        let script = """
            watched=$1; shift
            ( exec </dev/null >/dev/null 2>&1; while kill -0 "$watched" && kill -0 $$; do sleep 0.3; done; kill -9 $$ ) &
            exec "$@"
            """
        let arguments = ["/bin/sh", "-c", script, "sh", String(getpid()), "/usr/sbin/nginx", "-p", directory.path,
                         "-c", directory.appendingPathComponent("nginx.conf").path]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var spawned: pid_t = 0
        let result = posix_spawn(&spawned, "/bin/sh", &actions, nil, &argv, environ)
        guard result == 0 else { throw NginxError.didNotStart("posix_spawn: \(String(cString: strerror(result)))") }
        pid = spawned
        let deadline = Date().addingTimeInterval(10)
        while !(Self.accepts(port: rtmpPort) && Self.accepts(port: httpPort)) {
            let exited = waitpid(spawned, nil, WNOHANG) == spawned
            guard !exited, Date() < deadline else {
                let log = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
                if exited { pid = nil } else { kill() }
                throw NginxError.didNotStart(log.split(separator: "\n").suffix(5).joined(separator: "\n"))
            }
            usleep(20_000)
        }
    }

    /// Kills nginx with SIGKILL, as a crash would, and reaps it.
    public func kill() {
        guard let pid else { return }
        Glibc.kill(pid, SIGKILL)
        waitpid(pid, nil, 0)
        self.pid = nil
    }

    /// Stops nginx (SIGQUIT: graceful), or kills it after 3 s.
    public func stop() {
        guard let pid else { return }
        Glibc.kill(pid, SIGQUIT)
        let deadline = Date().addingTimeInterval(3)
        while Date() < deadline {
            if waitpid(pid, nil, WNOHANG) == pid {
                self.pid = nil
                return
            }
            usleep(20_000)
        }
        kill()
    }

    private static func accepts(port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}

/// Why the test nginx could not run.
public enum NginxError: Error {
    case didNotStart(String)
}

/// An `ffmpeg` command-line publisher: a test pattern (and a tone) pushed over RTMP in real time.
public final class FFmpegPublisher {
    private let process = Process()

    public init(url: String, size: String = "640x360", rate: Int = 25, audio: Bool = true) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        var arguments = ["-hide_banner", "-loglevel", "error", "-nostdin", "-re",
                         "-f", "lavfi", "-i", "testsrc2=size=\(size):rate=\(rate)"]
        if audio { arguments += ["-f", "lavfi", "-i", "sine=f=440:sample_rate=44100"] }
        arguments += ["-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-g", String(rate * 2)]
        arguments += audio ? ["-c:a", "aac"] : ["-an"]
        arguments += ["-t", "300", "-f", "flv", url]
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Kills the publisher at once, as `kill -9` does: the server sees only its connection close.
    public func kill() {
        guard process.isRunning else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Ends the publish the way a person would (SIGINT lets ffmpeg close the stream).
    public func stop() {
        guard process.isRunning else { return }
        process.interrupt()
        let deadline = Date().addingTimeInterval(3)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { stop() }
}

