import Foundation
import TestSupport
import XCTest

/// `assets/floatapp.1` documents exactly the options `floatapp --help` prints, and man shows it
/// without a warning, with every section a reader looks for.
final class ManPageTests: XCTestCase {
    static let pageURL = TestPaths.packageRoot.appendingPathComponent("assets/floatapp.1")

    /// The long options `floatapp --help` lists: its lines that start with two spaces and `--`.
    static func helpOptions(in folder: URL) throws -> Set<String> {
        let help = try ChildProcess.run(
            TestPaths.floatappBinary.path, ["--help"], environment: ["PATH": "/usr/bin:/bin"],
            in: folder, name: "help")
        XCTAssertEqual(help.status, .exited(0), help.stderr)
        let options = Set(help.stdout.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  --") else { return nil }
            return line.dropFirst(2).split(separator: " ").first.map(String.init)
        })
        XCTAssertTrue(options.contains("--rooms") && options.contains("--help"), "help lists options: \(help.stdout)")
        return options
    }

    /// The long options written in the `.SH name` section of the page (`\-\-name` in roff).
    static func options(inSection name: String, of page: String) -> Set<String> {
        var inSection = false
        var options = Set<String>()
        for line in page.split(separator: "\n") {
            if line.hasPrefix(".SH ") {
                inSection = line.dropFirst(4) == name
                continue
            }
            guard inSection else { continue }
            let text = line.replacingOccurrences(of: "\\-", with: "-")
            for match in text.matches(of: /--[a-z]+(-[a-z]+)*/) {
                options.insert(String(match.output.0))
            }
        }
        return options
    }

    func testThePageDocumentsEveryOptionHelpPrintsAndNoOther() throws {
        let folder = try TestPaths.makeTemporaryFolder(prefix: "floatapp-man")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let help = try Self.helpOptions(in: folder)
        let page = try String(contentsOf: Self.pageURL, encoding: .utf8)
        let documented = Self.options(inSection: "OPTIONS", of: page)
        XCTAssertEqual(help.subtracting(documented).sorted(), [], "options --help prints but OPTIONS leaves out")
        XCTAssertEqual(documented.subtracting(help).sorted(), [], "options OPTIONS documents but --help does not print")
        let synopsis = Self.options(inSection: "SYNOPSIS", of: page)
        XCTAssertEqual(help.subtracting(synopsis).sorted(), [], "options the SYNOPSIS leaves out")
    }

    func testManShowsThePageWithoutWarningsAndWithEverySection() throws {
        let folder = try TestPaths.makeTemporaryFolder(prefix: "floatapp-man")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let man = try ChildProcess.run(
            "/usr/bin/man", ["--warnings", "-E", "UTF-8", "-l", Self.pageURL.path],
            environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8", "MANWIDTH": "80"],
            in: folder, name: "man")
        XCTAssertEqual(man.status, .exited(0), man.stderr)
        XCTAssertEqual(man.stderr, "", "groff and man warn about nothing")
        let headings = man.stdout.split(separator: "\n").filter { $0.first?.isUppercase == true }.map(String.init)
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "KEYS", "FILES", "ENVIRONMENT",
                        "EXIT STATUS", "EXAMPLES", "SEE ALSO"] {
            XCTAssertTrue(headings.contains(section), "\(section) in \(headings)")
        }
        for line in man.stdout.split(separator: "\n") {
            XCTAssertLessThanOrEqual(line.count, 80, "fits an 80-column terminal: \(line)")
        }
    }
}
