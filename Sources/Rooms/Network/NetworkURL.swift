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
        guard let colon = text.firstIndex(of: ":"), let scheme = SourceSpec.scheme(before: colon, in: text) else {
            return nil
        }
        let rest = text[text.index(after: colon)...]
        guard rest.hasPrefix("//") else { return nil }
        let afterSlashes = rest.dropFirst(2)
        let authorityEnd = afterSlashes.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? afterSlashes.endIndex
        let pathAndTail = afterSlashes[authorityEnd...]
        let tailStart = pathAndTail.firstIndex { $0 == "?" || $0 == "#" } ?? pathAndTail.endIndex
        self.scheme = scheme
        authority = String(afterSlashes[..<authorityEnd])
        path = String(pathAndTail[..<tailStart])
        tail = String(pathAndTail[tailStart...])
    }

    /// The URL as text.
    var text: String { scheme + "://" + authority + path + tail }

    /// True for `file:` and `hls+file:` (any wrapper around `file`), which open local files.
    static func schemeIsLocal(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), let scheme = SourceSpec.scheme(before: colon, in: text) else {
            return false
        }
        return scheme.split(separator: "+").last == "file"
    }

    // MARK: Checks

    /// The first reason `text` is not a network URL safe to hand to FFmpeg, or nil. The
    /// scheme is the caller's to check; this looks at the characters, the host and the port.
    static func problem(with text: String) -> NetworkAddressProblem? {
        if let problem = characterProblem(in: text) { return problem }
        guard let url = NetworkURL(text) else {
            let scheme = text.firstIndex(of: ":").flatMap { SourceSpec.scheme(before: $0, in: text) }
            return .noHost(scheme: scheme ?? "")
        }
        return url.authorityProblem
    }

    /// The characters a URL never holds raw, and percent signs that do not start `%XX` or
    /// that encode a control character.
    private static func characterProblem(in text: String) -> NetworkAddressProblem? {
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if isForbidden(scalar) { return .forbiddenCharacter(scalar.value) }
            guard scalar == "%" else { continue }
            guard let high = scalars.next().flatMap(hexValue), let low = scalars.next().flatMap(hexValue) else {
                return .badPercentEncoding
            }
            let byte = high << 4 | low
            if byte < 0x20 || byte == 0x7F { return .encodedControlCharacter }
        }
        return nil
    }

    /// True for the scalars no URL holds unencoded: controls (C0, DEL, C1), the space and
    /// `" < > \ ^ ` { | }`.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value <= 0x20 || (0x7F...0x9F).contains(scalar.value) || "\"<>\\^`{|}".unicodeScalars.contains(scalar)
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt8? {
        switch scalar {
        case "0"..."9": UInt8(scalar.value - 48)
        case "a"..."f": UInt8(scalar.value - 87)
        case "A"..."F": UInt8(scalar.value - 55)
        default: nil
        }
    }

    /// Why the authority's host or port is not one, or nil.
    private var authorityProblem: NetworkAddressProblem? {
        let hostAndPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
        let host: Substring
        var port: Substring?
        if hostAndPort.hasPrefix("[") {
            guard let close = hostAndPort.firstIndex(of: "]") else { return .badHost(String(hostAndPort)) }
            host = hostAndPort[hostAndPort.index(after: hostAndPort.startIndex)..<close]
            let after = hostAndPort[hostAndPort.index(after: close)...]
            if !after.isEmpty {
                guard after.first == ":" else { return .badHost(String(hostAndPort)) }
                port = after.dropFirst()
            }
            guard !host.isEmpty, host.unicodeScalars.allSatisfy(Self.isIPv6Scalar) else { return .badHost(String(hostAndPort)) }
        } else {
            if let colon = hostAndPort.lastIndex(of: ":") {
                host = hostAndPort[..<colon]
                port = hostAndPort[hostAndPort.index(after: colon)...]
            } else {
                host = hostAndPort
            }
            guard !host.isEmpty else { return .noHost(scheme: scheme) }
            guard host.unicodeScalars.allSatisfy(Self.isHostScalar) else { return .badHost(String(host)) }
        }
        if let port, !port.isEmpty {
            guard port.count <= 5, port.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }), let number = Int(port),
                  number <= 65_535 else { return .badPort(String(port.prefix(32))) }
        }
        return nil
    }

    /// A registered name's characters, as FloatApp takes them: ASCII letters, digits, `-._~`
    /// and percent-encoded bytes (names in other scripts come as `xn--` punycode).
    private static func isHostScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || "-._~%".unicodeScalars.contains(scalar)
    }

    /// An IPv6 literal's characters between `[` and `]` (with a zone after `%25`).
    private static func isIPv6Scalar(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
            || ":.%".unicodeScalars.contains(scalar) || ("g"..."z").contains(scalar)
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
            let directory = path.isEmpty ? "/" : String(path[...(path.lastIndex(of: "/") ?? path.startIndex)])
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
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            switch segment {
            case ".":
                if isLast { output.append("") }
            case "..":
                if !output.isEmpty { output.removeLast() }
                if isLast { output.append("") }
            default:
                output.append(segment)
            }
        }
        return "/" + output.joined(separator: "/")
    }
}
