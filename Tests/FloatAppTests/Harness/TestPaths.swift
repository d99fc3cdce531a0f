import Foundation
import TestSupport

/// Locations the desktop tests read from and write to.
enum TestPaths {
    /// The package root, found from this source file's place in `Tests/FloatAppTests/Harness/`.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Harness
        .deletingLastPathComponent()  // FloatAppTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// The `floatapp` binary under test: `$FLOATAPP_BIN`, else the package's debug build.
    static var floatappBinary: URL {
        if let path = ProcessInfo.processInfo.environment["FLOATAPP_BIN"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return packageRoot.appendingPathComponent(".build/debug/floatapp")
    }

    /// Folder for one test's screenshots and logs: `Tests/artifacts/<test name>/` (git-ignored).
    static func artifactsFolder(for testName: String) throws -> URL {
        let folder = packageRoot.appendingPathComponent("Tests/artifacts")
            .appendingPathComponent(sanitized(testName))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The extra copy folder named by `$FLOATAPP_ARTIFACTS` for one test, if that is set.
    static func extraArtifactsFolder(for testName: String) throws -> URL? {
        guard let path = ProcessInfo.processInfo.environment["FLOATAPP_ARTIFACTS"], !path.isEmpty else {
            return nil
        }
        let folder = URL(fileURLWithPath: path).appendingPathComponent(sanitized(testName))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A new empty private folder under the system temporary folder.
    static func makeTemporaryFolder(prefix: String) throws -> URL {
        var template = Array(
            FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-XXXXXX").path.utf8CString
        )
        guard let made = mkdtemp(&template) else {
            throw HarnessError("cannot create a temporary folder: \(String(cString: strerror(errno)))")
        }
        return URL(fileURLWithPath: String(cString: made), isDirectory: true)
    }

    /// `name` with anything but letters, digits, `.`, `_` and `-` replaced by `_`.
    static func sanitized(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || "._-".contains($0) ? $0 : "_" })
    }
}
