import Foundation
import TestSupport
import XCTest

/// Two minutes of `bench/soak.sh`: the real app on its own Xvfb and openbox under random,
/// human-paced input (flings, P/Esc, room switches, resizes, mute, rooms-file edits). No crash,
/// and threads and descriptors in the list state back to their level after the warm-up.
final class SoakE2ETests: XCTestCase {
    static let minutes = 2

    func testTwoMinutesOfRandomInputNeitherCrashNorLeakThreadsOrDescriptors() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folder = try TestPaths.makeTemporaryFolder(prefix: "floatapp-soak")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        var environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LANG": "C.UTF-8",
            "HOME": folder.path, "FLOATAPP_BIN": TestPaths.floatappBinary.path,
        ]
        environment["FLOATAPP_SEED"] = ProcessInfo.processInfo.environment["FLOATAPP_SEED"]
        let soak = try ChildProcess(
            executable: root.appendingPathComponent("bench/soak.sh").path, arguments: ["\(Self.minutes)"],
            environment: environment,
            stdoutURL: folder.appendingPathComponent("soak.out"), stderrURL: folder.appendingPathComponent("soak.err"))
        guard let status = soak.waitForExit(timeout: Double(Self.minutes) * 60 + 120) else {
            soak.terminate(grace: 5)
            throw HarnessError("the soak did not finish\n\(soak.outputTail())")
        }
        let output = (try? String(contentsOf: soak.stdoutURL, encoding: .utf8)) ?? ""
        print(output)
        XCTAssertEqual(status, .exited(0), soak.outputTail())
        let summary = try XCTUnwrap(output.split(separator: "\n").last { $0.hasPrefix("soak: crashes=") }, output)
        let figures = Dictionary(uniqueKeysWithValues: summary.dropFirst("soak: ".count).split(separator: " ").compactMap { pair in
            let parts = pair.split(separator: "=")
            return parts.count == 2 ? (String(parts[0]), Double(parts[1]) ?? -1) : nil
        })
        XCTAssertEqual(figures["crashes"], 0, summary.description)
        XCTAssertLessThanOrEqual(try XCTUnwrap(figures["threads_end"]), try XCTUnwrap(figures["threads_warm"]), "threads: \(summary)")
        XCTAssertLessThanOrEqual(try XCTUnwrap(figures["fds_end"]), try XCTUnwrap(figures["fds_warm"]), "descriptors: \(summary)")
    }
}
