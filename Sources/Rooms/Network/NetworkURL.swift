/// An absolute URL with an authority (`scheme://host:port/path?query`, RFC 3986), split into
/// the parts FloatApp checks before it opens an address it did not write itself, and resolves
/// a playlist's relative entries against.
struct NetworkURL: Hashable, Sendable {
    /// The scheme, lowercased (`https`, `hls+https`).
    var scheme: String
    /// Everything between `//` and the path: `user@host:port`.
    var authority: String
    /// The path, empty or starting with `/`.
    var path: String
    /// The query and fragment with their leading `?` or `#`, as written.
    var tail: String

    /// Splits `text`, or nil when it has no scheme followed by `//`.
    init?(_ text: String) {
        let utf8 = text.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")), let scheme = SourceSpec.scheme(before: colon, in: text) else {
            return nil
        }
        let rest = utf8[utf8.index(after: colon)...]
        guard rest.starts(with: "//".utf8) else { return nil }
        let afterSlashes = rest.dropFirst(2)
        let authorityEnd = afterSlashes.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
            ?? afterSlashes.endIndex
        let pathAndTail = afterSlashes[authorityEnd...]
        let tailStart = pathAndTail.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? pathAndTail.endIndex
        self.scheme = scheme
        authority = String(text[afterSlashes.startIndex..<authorityEnd])
        path = String(text[authorityEnd..<tailStart])
        tail = String(text[tailStart...])
    }

    /// The URL as text.
    var text: String { scheme + "://" + authority + path + tail }

    /// True for `file:` and `hls+file:` (any wrapper around `file`), which open local files.
    static func schemeIsLocal(_ text: String) -> Bool {
        guard let colon = text.utf8.firstIndex(of: UInt8(ascii: ":")), let scheme = SourceSpec.scheme(before: colon, in: text) else {
            return false
        }
        return scheme == "file" || scheme.hasSuffix("+file")
    }

    // MARK: Checks

    /// The first reason `text` is not a network URL safe to hand to FFmpeg, or nil. The
    /// scheme is the caller's to check; this looks at the characters, the host and the port.
    static func problem(with text: String) -> NetworkAddressProblem? {
        if let problem = characterProblem(in: text) { return problem }
        guard let url = NetworkURL(text) else {
            let scheme = text.utf8.firstIndex(of: UInt8(ascii: ":")).flatMap { SourceSpec.scheme(before: $0, in: text) }
            return .noHost(scheme: scheme ?? "")
        }
        return url.authorityProblem
    }

    /// The characters a URL never holds raw, and percent signs that do not start `%XX` or
    /// that encode a control character; read in UTF-8, where a C1 control is `C2 80` to `C2 9F`.
    private static func characterProblem(in text: String) -> NetworkAddressProblem? {
        var utf8 = text.utf8.makeIterator()
        var previous: UInt8 = 0
        while let byte = utf8.next() {
            defer { previous = byte }
            if byte < 0x80 {
                if isForbidden(Unicode.Scalar(byte)) { return .forbiddenCharacter(UInt32(byte)) }
            } else if previous == 0xC2, byte <= 0x9F {
                return .forbiddenCharacter(UInt32(byte))
            }
            guard byte == UInt8(ascii: "%") else { continue }
            guard let high = utf8.next().flatMap(hexValue), let low = utf8.next().flatMap(hexValue) else {
                return .badPercentEncoding
            }
            let decoded = high << 4 | low
            if decoded < 0x20 || decoded == 0x7F { return .encodedControlCharacter }
        }
        return nil
    }

    /// True for the scalars no URL holds unencoded: controls (C0, DEL, C1), the space and
    /// `" < > \ ^ ` { | }`.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\u{0}"..."\u{20}", "\u{7F}"..."\u{9F}", "\"", "<", ">", "\\", "^", "`", "{", "|", "}": true
        default: false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Why the authority's host or port is not one, or nil.
    private var authorityProblem: NetworkAddressProblem? {
        let utf8 = authority.utf8
        let hostStart = utf8.lastIndex(of: UInt8(ascii: "@")).map(utf8.index(after:)) ?? utf8.startIndex
        let hostAndPort = authority[hostStart...]
        let host: Substring
        var port: Substring?
        if hostAndPort.utf8.first == UInt8(ascii: "[") {
            guard let close = hostAndPort.utf8.firstIndex(of: UInt8(ascii: "]")) else { return .badHost(String(hostAndPort.prefix(64))) }
            host = hostAndPort[hostAndPort.utf8.index(after: hostAndPort.startIndex)..<close]
            let after = hostAndPort[hostAndPort.utf8.index(after: close)...]
            if !after.isEmpty {
                guard after.utf8.first == UInt8(ascii: ":") else { return .badHost(String(hostAndPort.prefix(64))) }
                port = after.dropFirst()
            }
            guard !host.isEmpty, host.utf8.allSatisfy(Self.isIPv6Byte) else { return .badHost(String(hostAndPort.prefix(64))) }
        } else {
            if let colon = hostAndPort.utf8.lastIndex(of: UInt8(ascii: ":")) {
                host = hostAndPort[..<colon]
                port = hostAndPort[hostAndPort.utf8.index(after: colon)...]
            } else {
                host = hostAndPort
            }
            guard !host.isEmpty else { return .noHost(scheme: scheme) }
            guard host.utf8.allSatisfy(Self.isHostByte) else { return .badHost(String(host.prefix(64))) }
        }
        if let port, !port.isEmpty {
            guard port.utf8.count <= 5, port.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                  let number = Int(port), number <= 65_535 else { return .badPort(String(port.prefix(32))) }
        }
        return nil
    }

    /// A registered name's bytes, as FloatApp takes them: ASCII letters, digits, `-._~` and
    /// percent-encoded bytes (names in other scripts come as `xn--` punycode).
    private static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "%"): true
        default: false
        }
    }

    /// An IPv6 literal's bytes between `[` and `]` (with a zone after `%25`).
    private static func isIPv6Byte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "F"),
             UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "%"): true
        default: false
        }
    }

    // MARK: Relative references

    /// A reference (RFC 3986 §4.2: `//host/x`, `/x`, `x/y`, `../x`, `?q`) made absolute against
    /// this URL (§5.2.2), dot segments removed.
    func resolving(_ reference: String) -> NetworkURL {
        var result = self
        if reference.hasPrefix("//") {
            return NetworkURL(scheme + ":" + reference) ?? self
        }
        let tailStart = reference.firstIndex { $0 == "?" || $0 == "#" } ?? reference.endIndex
        let referencePath = String(reference[..<tailStart])
        let referenceTail = String(reference[tailStart...])
        if referencePath.isEmpty {
            result.tail = reference.hasPrefix("#") ? Self.query(of: tail) + referenceTail : referenceTail
            return result
        }
        if referencePath.hasPrefix("/") {
            result.path = Self.removingDotSegments(referencePath)
        } else {
            let directory = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[...$0]) } ?? "/"
            result.path = Self.removingDotSegments(directory + referencePath)
        }
        result.tail = referenceTail
        return result
    }

    /// The `?query` part of a tail, without its fragment.
    private static func query(of tail: String) -> String {
        guard tail.hasPrefix("?") else { return "" }
        return String(tail.prefix { $0 != "#" })
    }

    /// A path with `.` and `..` segments applied (RFC 3986 §5.2.4); `..` never climbs above `/`.
    static func removingDotSegments(_ path: String) -> String {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        let bytes = Array(path.utf8)
        guard bytes.indices.contains(where: { bytes[$0] == dot && ($0 == 0 || bytes[$0 - 1] == slash) }) else { return path }
        var output: [ArraySlice<UInt8>] = []
        let segments = bytes.split(separator: slash, omittingEmptySubsequences: false).dropFirst()
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            if segment.elementsEqual([dot]) {
                if isLast { output.append([]) }
            } else if segment.elementsEqual([dot, dot]) {
                if !output.isEmpty { output.removeLast() }
                if isLast { output.append([]) }
            } else {
                output.append(segment)
            }
        }
        return "/" + String(decoding: Array(output.joined(separator: [slash])), as: UTF8.self)
    }
}
