import EngineTerms
import Foundation
import Rooms

/// The `--stats FILE` measurement log: one JSON object per line (SPEC section 6).
@MainActor
public final class StatsLog {
    private let handle: FileHandle
    private let start: UInt64
    private var buffer = Data()
    private var lastFlush: UInt64

    /// A log in `path`, created empty (replacing an older one); time 0 is `startNanos`. Throws
    /// a ``FileWriteError`` at step `createFile` when the file cannot be created.
    public init(path: String, startNanos: UInt64) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw FileWriteError(step: .createFile, path: path, reason: String(cString: strerror(errno)))
        }
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        start = startNanos
        lastFlush = startNanos
        // The system's monotonic clock at t = 0, so logs of several processes (an app that goes
        // live and one that watches, a benchmark's peer) line up on one time axis.
        let monotonic = (Double(startNanos) / 1e3).rounded() / 1e3
        buffer.append(Data("{\"t\":0,\"ev\":\"clock\",\"monotonic_ms\":\(monotonic)}\n".utf8))
    }

    /// Milliseconds since start, as the `t` field.
    private func ms(_ now: UInt64) -> Double {
        (Double(now &- start) / 1e6 * 1000).rounded() / 1000
    }

    /// Appends one event: its name (`ev`) and its other fields, in order.
    public func write(_ name: String, _ fields: [(String, StatsValue)], at now: UInt64) {
        var obj: [String] = ["\"t\":\(ms(now))", "\"ev\":\(Self.json(.text(name)))"]
        for (k, v) in fields { obj.append("\(Self.json(.text(k))):\(Self.json(v))") }
        buffer.append(Data(("{" + obj.joined(separator: ",") + "}\n").utf8))
        if now &- lastFlush > 200_000_000 || buffer.count > 64 * 1024 { flush(now: now) }
    }

    /// Writes buffered events that have waited 100 ms or more, so readers never wait long.
    public func flushIfDue(now: UInt64) {
        if !buffer.isEmpty, now &- lastFlush > 100_000_000 { flush(now: now) }
    }

    public func flush(now: UInt64 = DispatchTime.now().uptimeNanoseconds) {
        guard !buffer.isEmpty else { return }
        handle.write(buffer)
        buffer.removeAll(keepingCapacity: true)
        lastFlush = now
    }

    public static func json(_ v: StatsValue) -> String {
        switch v {
        case .text(let s): return JSONString.quoted(s)
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return d.isFinite ? String(d) : "null"
        }
    }
}
