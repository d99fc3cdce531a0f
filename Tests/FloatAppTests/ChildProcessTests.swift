import Foundation
import TestSupport
import XCTest

/// Child processes report how they ended and die with the process that watches them.
final class ChildProcessTests: XCTestCase {
    private func makeLogs() throws -> (URL, URL) {
        let folder = try TestPaths.makeTemporaryFolder(prefix: "floatapp-child")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return (folder.appendingPathComponent("out.log"), folder.appendingPathComponent("err.log"))
    }

    func testReportsExitStatusAndOutput() throws {
        let (out, err) = try makeLogs()
        let child = try ChildProcess(
            executable: "/bin/sh", arguments: ["-c", "echo hello; echo oops >&2; exit 3"],
            environment: [:], stdoutURL: out, stderrURL: err)

        XCTAssertEqual(child.waitForExit(timeout: 5), .exited(3))
        XCTAssertEqual(try String(contentsOf: out, encoding: .utf8), "hello\n")
        XCTAssertTrue(child.outputTail().contains("oops"))
    }

    func testTerminateEndsTheWholeGroup() throws {
        let (out, err) = try makeLogs()
        let child = try ChildProcess(
            executable: "/bin/sh", arguments: ["-c", "sleep 30 & sleep 30 & wait"],
            environment: ["PATH": "/usr/bin:/bin"], stdoutURL: out, stderrURL: err)
        try eventually("the shell and both sleeps run", timeout: 5) {
            ProcessTable.members(ofGroup: child.pid).count >= 3
        }

        XCTAssertEqual(child.terminate(grace: 2), .signaled(SIGTERM))
        XCTAssertEqual(ProcessTable.members(ofGroup: child.pid), [])
    }

    func testChildDiesWhenItsWatchedProcessDisappears() throws {
        let (out, err) = try makeLogs()
        let standInParent = try ChildProcess(
            executable: "/bin/sleep", arguments: ["30"], environment: [:], stdoutURL: out, stderrURL: err)
        let child = try ChildProcess(
            executable: "/bin/sleep", arguments: ["60"], environment: [:], stdoutURL: out, stderrURL: err,
            watchedProcess: standInParent.pid)
        XCTAssertTrue(child.isRunning)

        standInParent.terminate(grace: 0)

        let status = try eventuallyValue("the watchdog kills the orphaned child", timeout: 5) { child.exitStatus }
        XCTAssertEqual(status, .signaled(SIGKILL))
        // The watchdog's SIGKILL goes to the whole group, itself and its `sleep` included; the
        // child's exit can be reaped before the kernel has ended those two.
        let group = child.pid
        try eventually("process group \(group) is empty", timeout: 2, poll: 0.005) {
            ProcessTable.members(ofGroup: group).isEmpty
        }
    }
}
