import Foundation
import TestSupport
import XCTest

/// The X resources of a test desktop, as a settings daemon publishes them.
extension TestDesktop {
    /// Runs `xrdb -merge` with `resources` (e.g. `"Xft.dpi: 192\n"`), as a settings daemon
    /// does when the user changes the scale.
    func mergeResources(_ resources: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let name = "resources-\(UUID().uuidString.prefix(8))"
        let input = workFolder.appendingPathComponent(name)
        try resources.write(to: input, atomically: true, encoding: .utf8)
        let xrdb = try ChildProcess(
            executable: "/usr/bin/xrdb", arguments: ["-nocpp", "-merge", input.path],
            environment: clientEnvironment(home: workFolder),
            stdoutURL: workFolder.appendingPathComponent(name + ".out"),
            stderrURL: workFolder.appendingPathComponent(name + ".err"))
        XCTAssertEqual(xrdb.waitForExit(timeout: 10), .exited(0), xrdb.outputTail(), file: file, line: line)
    }
}
