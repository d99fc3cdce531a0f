/// What a piece of text a person handed FloatApp (a command-line argument, a dropped or pasted
/// URL or path, a `floatapp://` link) opens (R6): a stream or a file to play, or an invite link.
public enum GivenItem: Hashable, Sendable {
    /// A network stream or a local file, and the title its address gives: the URL's last path
    /// segment (its host when it has none) or the file's name, percent-decoded and cleaned.
    case source(SourceSpec, title: String)
    /// A `floatapp://` invite link: a live room, or a call on a server (W13).
    case link(InviteLink)

    /// The longest item read, in UTF-8 bytes: an invite link's limit, room for a signed URL.
    public static let maximumLength = InviteLink.maximumLength

    /// Reads one item, or says why it opens nothing.
    ///
    /// White space at either end is dropped. An item is a `floatapp://` link (read by
    /// ``InviteLink/parse(_:)``); a network URL of one of ``SourceSpec/networkSchemes`` (an
    /// `hls+` wrapper allowed) with a well-formed host; a `file:` URI on this computer
    /// (`file:///path`, `file://localhost/path`, `file:/path`), percent-decoded; or a path,
    /// absolute, or relative to `directory` when one is given. It is refused when it is empty,
    /// over ``maximumLength`` bytes, holds a control character, is a relative path without a
    /// directory, a `file:` URI of another host, a device or a `lavfi:` graph (only what a
    /// person holds opens this way: those stay in the rooms file), or another source the rooms
    /// file would refuse (R3, D5).
    ///
    /// - Complexity: O(*n*) in the item's length.
    public static func read(_ text: String, relativeTo directory: String?) throws(GivenItemRefusal) -> GivenItem {
        guard text.utf8.count <= maximumLength else { throw .tooLong(limit: maximumLength) }
        let item = trimmed(text)
        guard !item.isEmpty else { throw .empty }
        if let control = DisplayText.firstControl(in: item) { throw .controlCharacter(control.code) }
        guard let colon = item.firstIndex(of: ":"), let scheme = SourceSpec.scheme(before: colon, in: item) else {
            return try path(item, relativeTo: directory)
        }
        switch scheme {
        case InviteLink.scheme:
            do throws(InviteLinkError) { return .link(try InviteLink.parse(item)) } catch { throw .badLink(error) }
        case "file":
            return try fileURI(String(item[item.index(after: colon)...]))
        default:
            return try networkSource(item)
        }
    }

    private static func trimmed(_ text: String) -> String {
        var rest = Substring(text)
        while let first = rest.unicodeScalars.first, first.properties.isWhitespace { rest.unicodeScalars.removeFirst() }
        while let last = rest.unicodeScalars.last, last.properties.isWhitespace { rest.unicodeScalars.removeLast() }
        return String(rest)
    }

    /// A path: absolute, or made absolute against `directory`; `.` and `..` applied.
    private static func path(_ path: String, relativeTo directory: String?) throws(GivenItemRefusal) -> GivenItem {
        let absolute: String
        if path.hasPrefix("/") {
            absolute = path
        } else if let directory, directory.hasPrefix("/") {
            absolute = directory + (directory.hasSuffix("/") ? "" : "/") + path
        } else {
            throw .relativePath
        }
        return file(NetworkURL.removingDotSegments(absolute))
    }

    /// A `file:` URI's text after the scheme: `//host/path` with an empty or `localhost` host,
    /// or `/path`; the path percent-decoded, without a query or fragment.
    private static func fileURI(_ rest: String) throws(GivenItemRefusal) -> GivenItem {
        var encoded = Substring(rest)
        if encoded.hasPrefix("//") {
            let afterSlashes = encoded.dropFirst(2)
            let hostEnd = afterSlashes.firstIndex(of: "/") ?? afterSlashes.endIndex
            let host = afterSlashes[..<hostEnd]
            guard host.isEmpty || host.lowercased() == "localhost" else { throw .otherHostFile(String(host.prefix(64))) }
            encoded = afterSlashes[hostEnd...]
        }
        encoded = encoded.prefix { $0 != "?" && $0 != "#" }
        guard encoded.hasPrefix("/") else { throw .relativePath }
        guard let path = PercentEncoding.decodedText(encoded) else { throw .badPercentEncoding }
        if let control = DisplayText.firstControl(in: path) { throw .controlCharacter(control.code) }
        return file(NetworkURL.removingDotSegments(path))
    }

    private static func file(_ path: String) -> GivenItem {
        let name = path.split(separator: "/").last.map(String.init)
        return .source(.file(path: path), title: DisplayText.cleaned(name) ?? path)
    }

    /// A URL of another scheme: a network source FFmpeg opens, with a well-formed host.
    private static func networkSource(_ text: String) throws(GivenItemRefusal) -> GivenItem {
        let source: SourceSpec
        do throws(SourceSpecError) { source = try SourceSpec.parse(text) } catch { throw .badSource(error) }
        if let local = LocalSource(source) {
            guard local == .file, case .url = source else { throw .localSource(local) }
            return .source(source, title: title(ofURL: text))
        }
        if let problem = NetworkURL.problem(with: text) { throw .badAddress(problem) }
        return .source(source, title: title(ofURL: text))
    }

    /// A URL's last path segment, percent-decoded, or its host when the path has none.
    static func title(ofURL text: String) -> String {
        guard let url = NetworkURL(text) else {
            return DisplayText.cleaned(text.split(separator: "/").last.map(String.init)) ?? text
        }
        if let last = url.path.split(separator: "/").last {
            return DisplayText.cleaned(PercentEncoding.decodedText(last) ?? String(last)) ?? text
        }
        let host = url.authority.split(separator: "@").last.map(String.init) ?? url.authority
        return DisplayText.cleaned(host) ?? text
    }
}
