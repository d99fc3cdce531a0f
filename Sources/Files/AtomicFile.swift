import EngineTerms
import Foundation

/// Writes files so readers see the old or the new content, never a mix (P15).
public enum AtomicFile {
    /// Writes `data` to a temporary file beside `path` (`.NAME.PID.tmp`), flushes it to the disk,
    /// then renames it over `path` and flushes the folder: a reader, a crash or a power cut
    /// leaves the old file or the new one.
    public static func write(_ data: Data, to path: String) throws(FileWriteError) {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        try makeDirectories(dir)
        let tmp = dir + "/" + temporaryName(of: url.lastPathComponent, pid: getpid())
        let fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileWriteError(step: .createFile, path: dir, reason: Self.reason(errno)) }
        var failure: FileWriteError?
        let written = data.withUnsafeBytes { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            var done = 0
            while done < buffer.count {
                let n = Foundation.write(fd, base + done, buffer.count - done)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { break }
                done += n
            }
            return done
        }
        if written != data.count { failure = FileWriteError(step: .write, path: tmp, reason: Self.reason(errno)) }
        if failure == nil, fsync(fd) != 0 { failure = FileWriteError(step: .write, path: tmp, reason: Self.reason(errno)) }
        if close(fd) != 0, failure == nil { failure = FileWriteError(step: .write, path: tmp, reason: Self.reason(errno)) }
        if failure == nil, rename(tmp, path) != 0 { failure = FileWriteError(step: .replace, path: path, reason: Self.reason(errno)) }
        if let failure {
            unlink(tmp)
            throw failure
        }
        syncFolder(dir)
    }

    /// Flushes a folder's entries (a rename in it) to the disk; a folder that cannot be opened
    /// for it is left to the system's own flush.
    private static func syncFolder(_ dir: String) {
        let fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    /// Removes temporaries of `path` left by writers that died mid-write (a `kill -9`):
    /// those whose process is gone, are this process (an earlier one with the same pid),
    /// or are older than `maximumAge` seconds (the pid now belongs to someone else; a
    /// real write takes milliseconds). Another running writer's fresh temporary stays.
    public static func removeStaleTemporaries(of path: String, maximumAge: TimeInterval = 60, now: Date = Date()) {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        let prefix = "." + url.lastPathComponent + "."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            guard let pid = pid_t(name.dropFirst(prefix.count).dropLast(4)),
                  name == temporaryName(of: url.lastPathComponent, pid: pid) else { continue }
            let file = dir + "/" + name
            let modified = (try? FileManager.default.attributesOfItem(atPath: file))?[.modificationDate] as? Date
            let old = modified.map { now.timeIntervalSince($0) > maximumAge } ?? true
            let gone = pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH)
            if gone || old { unlink(file) }
        }
    }

    private static func temporaryName(of name: String, pid: pid_t) -> String {
        ".\(name).\(pid).tmp"
    }

    /// The system's words for `code`.
    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    private static func makeDirectories(_ dir: String) throws(FileWriteError) {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue { return }
        let parent = (dir as NSString).deletingLastPathComponent
        if parent != dir, !parent.isEmpty { try makeDirectories(parent) }
        if mkdir(dir, 0o755) != 0, errno != EEXIST {
            throw FileWriteError(step: .createFolder, path: dir, reason: Self.reason(errno))
        }
    }
}
