import Foundation
import TestSupport

/// Starts `xclip` owning `selection` with `text` until it is ended, and waits until it does.
func offer(_ text: String, selection: String, on desktop: TestDesktop) throws -> ChildProcess {
    let file = desktop.workFolder.appendingPathComponent("\(selection).txt")
    try text.write(to: file, atomically: true, encoding: .utf8)
    let owner = try ChildProcess(
        executable: "/usr/bin/xclip", arguments: ["-quiet", "-selection", selection, "-i", file.path],
        environment: desktop.clientEnvironment(home: desktop.workFolder))
    try eventually("xclip owns the \(selection) selection", timeout: 5) {
        try xclip(["-o", "-selection", selection], on: desktop) == text
    }
    return owner
}

/// Runs `xclip ARGUMENTS` on `desktop` to its end; its output.
func xclip(_ arguments: [String], on desktop: TestDesktop) throws -> String {
    let out = desktop.workFolder.appendingPathComponent("xclip-\(UUID().uuidString.prefix(8)).out")
    let tool = try ChildProcess(executable: "/usr/bin/xclip", arguments: arguments,
                                environment: desktop.clientEnvironment(home: desktop.workFolder), stdoutURL: out)
    guard tool.waitForExit(timeout: 3) != nil else {
        tool.terminate()
        return ""
    }
    return (try? String(contentsOf: out, encoding: .utf8)) ?? ""
}
