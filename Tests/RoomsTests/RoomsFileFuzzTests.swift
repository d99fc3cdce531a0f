import Foundation
import Rooms
import XCTest

/// Mutated rooms files (byte flips, truncation, duplicated and deleted lines, huge numbers, deep
/// nesting, invalid UTF-8, NUL, long strings and escapes, wrong types): every one ends in a valid
/// configuration or an error located in the file, quickly, and never in a crash.
final class RoomsFileFuzzTests: XCTestCase {
    /// Set by `make sanitize` (scripts/sanitize.sh) to the sanitizer the tests run under.
    static let sanitizer = ProcessInfo.processInfo.environment["FLOATAPP_SANITIZER"]

    /// The cases each run checks: fewer under a sanitizer, whose instrumentation makes each
    /// case 10-20 times slower; it looks for memory errors, which need no more.
    static let cases = sanitizer == nil ? 20_000 : 1_000

    /// The slowest case allowed. The parser and this test are optimised in debug builds too
    /// (Package.swift), as `bench/fuzz-rooms.sh` runs them with a bound of 50 ms; a machine busy
    /// with the other tests can make a case several times slower, so 0.25 s, and 1 s under a
    /// sanitizer. Still far below what a quadratic step costs: 100,000 `\u00e9` escapes, which
    /// the mutator writes, took seconds in a quadratic parser even when optimised.
    static let slowestCaseSeconds = sanitizer == nil ? 0.25 : 1.0

    func testMutatedRoomsFilesEndInAConfigOrALocatedError() throws {
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let builtIn = try [UInt8](Data(contentsOf: packageRoot.appendingPathComponent("assets/rooms.json")))
        let corpus = [builtIn] + RoomsFileFuzzer.samples.map { Array($0.utf8) }
        for (index, sample) in corpus.enumerated() {
            XCTAssertNoThrow(try RoomsFile.parse(sample, fileName: "sample-\(index).json"), "the unmutated sample \(index) is valid")
        }

        var fuzzer = RoomsFileFuzzer(corpus: corpus, random: .seeded(for: "rooms-file fuzz"))
        let report = fuzzer.run(cases: Self.cases, retimeAbove: Self.slowestCaseSeconds / 4)
        print("rooms-file fuzz: \(report.cases) cases, \(report.valid) valid, \(report.errors) errors, "
            + "total \(report.totalSeconds) s, slowest \(report.worstSeconds) s: \(report.worstCase)")

        XCTAssertEqual(report.cases, Self.cases)
        XCTAssertGreaterThan(report.valid, 0, "some mutants stay valid (the mutator is not all-destructive)")
        XCTAssertGreaterThan(report.errors, report.cases / 2, "most mutants are broken")
        XCTAssertEqual(report.unlocated, [], "every error names the file and a line and column")
        if Self.sanitizer == nil {
            XCTAssertLessThan(report.worstSeconds, Self.slowestCaseSeconds, "slowest: \(report.worstCase)")
        }
    }
}
