import Rooms
import TestSupport

/// Mutates rooms files and runs the decoder on each mutant: the engine of the rooms-file fuzz
/// test and of `bench/fuzz-rooms.sh` (which runs it in a release build for the time bound).
struct RoomsFileFuzzer {
    /// How one run went.
    struct Report {
        var cases = 0
        var valid = 0
        var errors = 0
        /// Cases whose error had a problem without a file position, or no problem at all.
        var unlocated: [String] = []
        /// The slowest case's parse time in seconds, and its number and mutations.
        var worstSeconds = 0.0
        var worstCase = ""
        var totalSeconds = 0.0
    }

    /// Rooms files written for the fuzzer, beside the built-in one: calls, settings, roles, unicode.
    static let samples = [
        #"{"rooms": [{"id": "a", "title": "A", "kind": "live", "source": "rtmp://127.0.0.1/live/a"}]}"#,
        """
        {
          "rooms": [
            {"id": "call-1", "title": "Café ☕ call", "kind": "call", "pip": false,
             "participants": [{"name": "Zoë", "source": "file:/tmp/a.mp4"}, {"name": "Ω\\u00e9\\ud83d\\ude00", "source": "http://h/x.ts"}]},
            {"id": "host_2", "title": "Hosted", "kind": "live", "role": "host", "source": "lavfi:testsrc2[out0];sine[out1]"}
          ],
          "settings": {"auto_pip": true, "auto_exit": false}
        }
        """,
        "\u{FEFF}{\"rooms\":[{\"id\":\"x-1\",\"title\":\"t\\\"q\\\\\\/\\b\\f\\n\\r\\t\",\"kind\":\"live\",\"source\":\"v4l2:/dev/video0\"}],\"settings\":{}}",
    ]

    private var random: PropertyRandom
    private let corpus: [[UInt8]]

    init(corpus: [[UInt8]], random: PropertyRandom) {
        self.corpus = corpus
        self.random = random
    }

    /// Runs `cases` mutants through `RoomsFile.parse`, timing each; a case slower than
    /// `retimeAbove` seconds is timed again.
    mutating func run(cases: Int, retimeAbove: Double) -> Report {
        var report = Report()
        var times = ParseTimes(retimeAbove: retimeAbove)
        for number in 0..<cases {
            var bytes = random.pick(corpus)
            var applied: [String] = []
            for _ in 0..<Int.random(in: 1...3, using: &random) { applied.append(mutate(&bytes)) }
            let result = times.time("case \(number) (\(bytes.count) bytes): \(applied.joined(separator: ", "))") {
                Result { () throws(RoomsFileError) in try RoomsFile.parse(bytes, fileName: "fuzz.json") }
            }
            report.cases += 1
            switch result {
            case .success: report.valid += 1
            case .failure(let error):
                report.errors += 1
                if error.problems.isEmpty || error.problems.contains(where: { $0.position == nil || $0.reason.words.isEmpty }) {
                    report.unlocated.append("case \(number) [\(applied.joined(separator: ", "))]: \(error)")
                }
            }
        }
        (report.totalSeconds, report.worstSeconds, report.worstCase) = (times.totalSeconds, times.worstSeconds, times.worstCase)
        return report
    }

    // MARK: Mutations

    /// Applies one random mutation and names it.
    private mutating func mutate(_ bytes: inout [UInt8]) -> String {
        switch Int.random(in: 0..<11, using: &random) {
        case 0: return flipBits(&bytes)
        case 1: return truncate(&bytes)
        case 2: return duplicateOrDeleteLine(&bytes)
        case 3: return replaceValue(&bytes, with: random.pick(Self.hugeNumbers))
        case 4: return nest(&bytes)
        case 5: return insert(&bytes, random.pick(Self.invalidUTF8), named: "invalid UTF-8")
        case 6: return insert(&bytes, [0], named: "NUL")
        case 7: return replaceValue(&bytes, with: longString())
        case 8: return replaceValue(&bytes, with: longEscapes())
        case 9: return replaceValue(&bytes, with: random.pick(Self.wrongTypes))
        default: return insert(&bytes, [random.pick(Array("{}[],:\"\\ \n".utf8))], named: "punctuation")
        }
    }

    private static let hugeNumbers = [
        "1e999", "-1e400", "1e-400", "-0", "123456789012345678901234567890123456789", "9007199254740993",
        "0." + String(repeating: "0", count: 5000) + "1", String(repeating: "9", count: 20_000), "1.5e+308", "-",
        "01", "1.", ".5", "1e", "0x10", "NaN", "Infinity",
    ]
    private static let invalidUTF8: [[UInt8]] = [
        [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xF8, 0x88, 0x80, 0x80, 0x80],
    ]
    private static let wrongTypes = [
        "{}", "[]", "0", "true", "null", "\"\"", "\"x\"", "[1, \"a\", {}]", "{\"id\": 1}", "-5", "17.5",
    ]

    private mutating func flipBits(_ bytes: inout [UInt8]) -> String {
        guard !bytes.isEmpty else { return "bit flips (empty)" }
        let count = Int.random(in: 1...8, using: &random)
        for _ in 0..<count {
            bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= 1 << UInt8.random(in: 0...7, using: &random)
        }
        return "\(count) bit flips"
    }

    private mutating func truncate(_ bytes: inout [UInt8]) -> String {
        let keep = Int.random(in: 0...bytes.count, using: &random)
        bytes.removeSubrange(keep...)
        return "truncated to \(keep)"
    }

    private mutating func duplicateOrDeleteLine(_ bytes: inout [UInt8]) -> String {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        let index = Int.random(in: 0..<lines.count, using: &random)
        let duplicate = Bool.random(using: &random)
        if duplicate { lines.insert(lines[index], at: index) } else { lines.remove(at: index) }
        bytes = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
        return duplicate ? "line \(index + 1) duplicated" : "line \(index + 1) deleted"
    }

    private mutating func nest(_ bytes: inout [UInt8]) -> String {
        let depth = Int.random(in: 1...2_000, using: &random)
        let (open, close) = Bool.random(using: &random) ? ("[", "]") : ("{\"k\":", "}")
        let closed = Bool.random(using: &random)
        let value = String(repeating: open, count: depth) + "1" + (closed ? String(repeating: close, count: depth) : "")
        _ = replaceValue(&bytes, with: value)
        return "nesting \(depth)\(closed ? "" : " unclosed")"
    }

    private mutating func insert(_ bytes: inout [UInt8], _ inserted: [UInt8], named name: String) -> String {
        let at = Int.random(in: 0...bytes.count, using: &random)
        bytes.insert(contentsOf: inserted, at: at)
        return "\(name) at \(at)"
    }

    private mutating func longString() -> String {
        let count = Int(pow2(Double.random(in: 8...largestExponent(), using: &random)))
        return "\"" + String(repeating: random.pick(["a", "é", "😀", " ", "/"]), count: count) + "\""
    }

    private mutating func longEscapes() -> String {
        let count = Int(pow2(Double.random(in: 6...largestExponent(), using: &random)))
        let escape = random.pick(["\\u00e9", "\\ud83d\\ude00", "\\n", "\\\\", "\\ud800", "\\u12", "\\x"])
        return "\"" + String(repeating: escape, count: count) + "\""
    }

    /// Strings and escape runs go up to 2^17 (128k) in one case out of ten, else to 2^14.
    private mutating func largestExponent() -> Double {
        Int.random(in: 0..<10, using: &random) == 0 ? 17 : 14
    }

    private func pow2(_ exponent: Double) -> Double {
        var value = 1.0
        for _ in 0..<Int(exponent) { value *= 2 }
        return value
    }

    /// Replaces the value after a random `:` (up to the next `,`, `}`, `]` or line end) with `text`.
    private mutating func replaceValue(_ bytes: inout [UInt8], with text: String) -> String {
        let colons = bytes.indices.filter { bytes[$0] == UInt8(ascii: ":") }
        guard let colon = colons.randomElement(using: &random) else {
            bytes.append(contentsOf: text.utf8)
            return "appended \(text.utf8.count) bytes"
        }
        var end = colon + 1
        var inString = false
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") && bytes[end - 1] != UInt8(ascii: "\\") { inString.toggle() }
            if !inString && [UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: "\n")].contains(byte) { break }
            end += 1
        }
        bytes.replaceSubrange((colon + 1)..<end, with: Array((" " + text).utf8))
        return "value at \(colon + 1) replaced by \(text.utf8.count) bytes"
    }
}
