import AppCore
import Foundation
import Rooms
import TestSupport
import XCTest

/// Random invite links made and read back, then mutated (bit flips, truncation, hostile
/// characters, files, devices, odd schemes, nested encodings, huge numbers, repeated and
/// missing fields): each made link reads back as itself; each mutant is refused in words or
/// reads as a link that carries a network address only, quickly, never in a crash.
final class InviteLinkFuzzTests: XCTestCase {
    static let cases = RoomsFileFuzzTests.sanitizer == nil ? 20_000 : 1_000
    static let slowestCaseSeconds = RoomsFileFuzzTests.sanitizer == nil ? 0.25 : 1.0

    func testRandomLinksRoundTripAndMutantsAreRefusedInWordsOrStayNetworkOnly() {
        var random = PropertyRandom.seeded(for: "invite link fuzz")
        var read = 0, refused = 0
        var times = ParseTimes(retimeAbove: Self.slowestCaseSeconds / 4)
        var failures: [String] = []
        for number in 0..<Self.cases {
            let made = Self.randomLink(&random)
            if let back = try? InviteLink.parse(made.text), back == made {} else {
                failures.append("case \(number): \(made.text) does not read back as \(made)")
            }
            var text = made.text
            var applied: [String] = []
            for _ in 0..<Int.random(in: 1...3, using: &random) { applied.append(Self.mutate(&text, &random)) }
            let result = times.time("case \(number) (\(text.utf8.count) bytes): \(applied.joined(separator: ", "))") {
                Result { () throws(InviteLinkError) in try InviteLink.parse(text) }
            }
            let name = "case \(number) [\(applied.joined(separator: ", "))] \(text.prefix(300))"
            switch result {
            case .success(let link):
                read += 1
                if let problem = Self.problem(with: link) { failures.append("\(name): \(problem)") }
            case .failure(let error):
                refused += 1
                if error.words.isEmpty { failures.append("\(name): refused without words: \(error)") }
            }
        }
        print("invite link fuzz: \(Self.cases) made and read back, \(Self.cases) mutants: \(read) read, \(refused) refused, "
            + "total \(String(format: "%.2f", times.totalSeconds)) s, slowest \(String(format: "%.5f", times.worstSeconds)) s: "
            + times.worstCase)
        XCTAssertEqual(failures.prefix(5), [])
        XCTAssertGreaterThan(read, 0, "some mutants are still links")
        XCTAssertGreaterThan(refused, Self.cases / 2, "most mutants are refused")
        if RoomsFileFuzzTests.sanitizer == nil {
            XCTAssertLessThan(times.worstSeconds, Self.slowestCaseSeconds, "slowest: \(times.worstCase)")
        }
    }

    /// What is wrong with a link the parser gave, or nil: it names a network address of a
    /// link's scheme only, has no control character, and reads back as itself.
    private static func problem(with link: InviteLink) -> String? {
        let controls = { (text: String) in text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } }
        switch link {
        case .live(let title, let url):
            guard let source = try? SourceSpec.parse(url), case .url = source, LocalSource(source) == nil else {
                return "the URL \(url) is no network source"
            }
            guard InviteLink.networkSchemes.contains(where: { url.lowercased().hasPrefix($0 + "://") }) else { return "scheme of \(url)" }
            if controls(title) || controls(url) { return "a control character" }
        case .call(let room, let title, let server):
            guard RoomsFile.isValidID(room), RoomsFile.isValidID(server.id) else { return "an invalid id" }
            if server.publish != nil { return "a publish URL" }
            if controls(title) || controls(server.title) { return "a control character" }
        }
        guard let back = try? InviteLink.parse(link.text), back == link else { return "does not read back" }
        return nil
    }

    // MARK: Random links

    private static let titleParts = ["News", "Café", "☕", "😀", "한국", "عربي", "中文", "&", "=", "%", "+", "#", "?", "/", " ", "\u{202E}",
                                     "%20", "a&b=c", "\u{FEFF}"]
    private static let hosts = ["h.example", "127.0.0.1", "[::1]", "xn--bcher-kva.example", "user:pw@cam.example", "@239.0.0.1"]
    private static let segments = ["a", "live", "index.m3u8", "%E2%82%AC", "x%20y", "a+b", "k=v&x=1", "~user", "", "..", "é"]

    private static func randomText(_ random: inout PropertyRandom) -> String {
        (0..<Int.random(in: 1...6, using: &random)).map { _ in random.pick(titleParts) }.joined() + random.pick(["A", "b", "1"])
    }

    private static func randomURL(_ random: inout PropertyRandom, scheme: String) -> String {
        let port = Bool.random(using: &random) ? ":\(Int.random(in: 0...65_535, using: &random))" : ""
        let path = (0..<Int.random(in: 0...4, using: &random)).map { _ in "/" + random.pick(segments) }.joined()
        let query = Bool.random(using: &random) ? "?token=" + random.pick(segments) : ""
        return scheme + "://" + random.pick(hosts) + port + path + query
    }

    static func randomLink(_ random: inout PropertyRandom) -> InviteLink {
        if Int.random(in: 0..<3, using: &random) > 0 {
            return .live(title: randomText(&random), url: randomURL(&random, scheme: random.pick(InviteLink.networkSchemes)))
        }
        let id = { (random: inout PropertyRandom) in
            String((0..<Int.random(in: 1...64, using: &random)).map { _ in random.pick(Array("abcXYZ019_-")) })
        }
        let host = random.pick(["127.0.0.1:1935", "media.example", "[::1]:1935"])
        return .call(room: id(&random), title: randomText(&random), server: LiveServer(
            id: id(&random), title: randomText(&random), stats: randomURL(&random, scheme: random.pick(["http", "https"])),
            play: StreamURLTemplate("rtmp://\(host)/live/{stream}"), calls: CallURLTemplate("rtmp://\(host)/call/{room}~{participant}")))
    }

    // MARK: Mutations

    static let hostileValues = [
        "file%3A%2F%2F%2Fetc%2Fpasswd", "%2Fetc%2Fpasswd", "v4l2%3A%2Fdev%2Fvideo0", "pulse%3Adefault", "alsa%3Ahw%3A0",
        "x11grab%3A%3A0", "lavfi%3Atestsrc2", "hls%2Bfile%3A%2Ftmp%2Fa", "rtmps%3A%2F%2Fh%2Fa", "tcp%3A%2F%2Fh%3A1",
        "javascript%3Aalert(1)", "data%3Atext%2Fhtml%2C%3Cb%3E", "concat%3Aa%7Cb", "https%253A%252F%252Fh%252Fa",
        "http%3A%2F%2Fh%3A99999999999999999999999%2F", "http%3A%2F%2Fh%3A-1%2F", "http%3A%2F%2F%2F", "%00", "%0A", "%C2%85",
        "%FF%FE", "%E0%80%80", "%", "%4", "%%41", "%25%30%41", "..%2F..%2F", "%F0%9F%98", String(repeating: "%41", count: 3_000),
        String(repeating: "9", count: 5_000), "a%26url%3Dfile%3A%2F%2F%2Fx",
    ]
    static let hostileCharacters = ["\u{0}", "\n", "\r", "\t", " ", "\u{7F}", "\u{85}", "\u{202E}", "\"", "<", "\\", "{", "|", "é", "😀",
                                    "%", "&", "=", "#", "?", "/", "+", "\u{FFFD}"]
    static let fieldNames = ["title", "url", "room", "server", "server-title", "stats", "play", "calls", "v", "URL", ""]

    private static func mutate(_ text: inout String, _ random: inout PropertyRandom) -> String {
        switch Int.random(in: 0..<9, using: &random) {
        case 0:
            var bytes = Array(text.utf8)
            guard !bytes.isEmpty else { return "bit flip (empty)" }
            bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= 1 << UInt8.random(in: 0...7, using: &random)
            text = String(decoding: bytes, as: UTF8.self)
            return "a bit flip"
        case 1:
            let keep = Int.random(in: 0...text.count, using: &random)
            text = String(text.prefix(keep))
            return "truncated to \(keep) characters"
        case 2:
            let at = text.index(text.startIndex, offsetBy: Int.random(in: 0...text.count, using: &random))
            let inserted = random.pick(hostileCharacters)
            text.insert(contentsOf: inserted, at: at)
            return "U+\(String(inserted.unicodeScalars.first!.value, radix: 16)) inserted"
        case 3:
            let value = random.pick(hostileValues)
            text = replacingValue(in: text, with: value, &random)
            return "a value replaced by \(value.prefix(40))"
        case 4:
            let field = random.pick(fieldNames) + "=" + random.pick(hostileValues + ["x", ""])
            text += random.pick(["&", "&&", ""]) + field
            return "field \(field.prefix(40)) added"
        case 5:
            var pieces = text.split(separator: "&").map(String.init)
            guard pieces.count > 1 else { return "no field to drop" }
            pieces.remove(at: Int.random(in: 1..<pieces.count, using: &random))
            text = pieces.joined(separator: "&")
            return "a field dropped"
        case 6:
            let prefix = random.pick(["floatapp:", "floatapp:///", "FLOATAPP://", "floatapp://live/x", "floatapp://call#", "http://",
                                      "floatapp://live?", "floatapp://%6Cive?", " \n", ""])
            if let query = text.firstIndex(of: "?") { text = prefix + text[text.index(after: query)...] } else { text = prefix + text }
            return "prefix \(prefix)"
        case 7:
            let count = Int.random(in: 1...InviteLink.maximumLength, using: &random)
            text += String(repeating: random.pick(["a", "%41", "é", "&", "=x&"]), count: count)
            return "a run of \(count)"
        default:
            text = replacingValue(in: text, with: String(random.pick(Array("0123456789"))), &random)
            return "a value replaced by a digit"
        }
    }

    /// `text` with the value after a random `=` (up to the next `&`) replaced.
    private static func replacingValue(in text: String, with value: String, _ random: inout PropertyRandom) -> String {
        let equals = text.indices.filter { text[$0] == "=" }
        guard let at = equals.isEmpty ? nil : random.pick(equals) else { return text + "=" + value }
        let end = text[at...].firstIndex(of: "&") ?? text.endIndex
        return String(text[...at]) + value + text[end...]
    }
}
