import Foundation

/// Threads of this process whose name starts with `prefix` (threads a thread starts inherit its
/// name, so this counts FFmpeg's encoder threads too).
public func threadCount(named prefix: String) -> Int {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    return tasks.filter { task in
        ((try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? "").hasPrefix(prefix)
    }.count
}
