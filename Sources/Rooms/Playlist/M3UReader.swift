/// Reads an M3U playlist's lines into entries, collecting the lines it skips (``Playlist``).
struct M3UReader {
    private let bytes: [UInt8]
    private let location: PlaylistLocation
    /// Where line 1 starts: after the byte order mark, if any.
    private let start: Int
    private var entries: [PlaylistEntry] = []
    private var problems: [PlaylistProblem] = []
    private var unreportedProblemCount = 0
    /// The `#EXTINF` waiting for its entry, and its line.
    private var pendingInfo: (info: M3UInfo, line: Int)?
    /// The `#EXTGRP` waiting for its entry.
    private var pendingGroup: String?
    /// False until the first line that is not blank.
    private var sawContent = false

    init(bytes: [UInt8], location: PlaylistLocation) {
        self.bytes = bytes
        self.location = location
        start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    private static let lineFeed = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")

    mutating func read() throws(PlaylistError) -> Playlist {
        if let invalid = UTF8Validation.firstInvalidOffset(in: bytes) {
            throw PlaylistError(problems: [PlaylistProblem(position: position(ofOffset: invalid),
                                                           reason: .invalidUTF8(byte: bytes[invalid]))])
        }
        var lineStart = start
        var line = 1
        while lineStart < bytes.count {
            var end = lineStart
            while end < bytes.count, bytes[end] != Self.lineFeed, bytes[end] != Self.carriageReturn { end += 1 }
            guard try readLine(lineStart..<end, line: line) else { break }
            lineStart = end + (end + 1 < bytes.count && bytes[end] == Self.carriageReturn && bytes[end + 1] == Self.lineFeed ? 2 : 1)
            line += 1
        }
        if let pendingInfo { report(.infoWithoutEntry, at: TextPosition(line: pendingInfo.line, column: 1)) }
        // An #EXTINF is reported when its entry fails to come, after lines below it.
        problems = problems.enumerated().sorted { left, right in
            let (a, b) = (left.element.position ?? TextPosition(line: 0, column: 0), right.element.position ?? TextPosition(line: 0, column: 0))
            return (a.line, a.column, left.offset) < (b.line, b.column, right.offset)
        }.map(\.element)
        guard !entries.isEmpty else {
            throw PlaylistError(problems: problems + [PlaylistProblem(position: nil, reason: .noEntries)])
        }
        return Playlist(entries: entries, problems: problems, unreportedProblemCount: unreportedProblemCount)
    }

    // MARK: Lines

    /// Reads one line (without its end); false when the list stops here.
    private mutating func readLine(_ range: Range<Int>, line number: Int) throws(PlaylistError) -> Bool {
        guard range.count <= Playlist.maximumLineLength else {
            // The column of the character the limit falls in (the text is valid UTF-8).
            var over = range.lowerBound + Playlist.maximumLineLength
            while bytes[over] & 0xC0 == 0x80 { over -= 1 }
            let position = TextPosition(line: number, column: column(of: over, from: range.lowerBound))
            if !sawContent, location.isDownloaded {
                throw PlaylistError(problems: [PlaylistProblem(position: TextPosition(line: number, column: 1), reason: .notExtendedM3U)])
            }
            sawContent = true
            report(.lineTooLong(limit: Playlist.maximumLineLength), at: position)
            // A long line that is no directive was the pending #EXTINF's entry: the info goes with it.
            if bytes[range].first(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) != UInt8(ascii: "#") {
                pendingInfo = nil
                pendingGroup = nil
            }
            return true
        }
        var first = range.lowerBound, last = range.upperBound
        while first < last, bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t") { first += 1 }
        while last > first, bytes[last - 1] == UInt8(ascii: " ") || bytes[last - 1] == UInt8(ascii: "\t") { last -= 1 }
        guard first < last else { return true }
        let line = bytes[first..<last]
        let position = TextPosition(line: number, column: column(of: first, from: range.lowerBound))
        let isFirstContent = !sawContent
        sawContent = true
        if line.starts(with: Self.header) { return true }
        if isFirstContent, location.isDownloaded {
            throw PlaylistError(problems: [PlaylistProblem(position: position, reason: .notExtendedM3U)])
        }
        if line.first == UInt8(ascii: "#") {
            try readDirective(line, at: position)
            return true
        }
        return readEntry(String(decoding: line, as: UTF8.self), at: position)
    }

    private static let header = Array("#EXTM3U".utf8), hlsTag = Array("#EXT-X-".utf8)
    private static let info = Array("#EXTINF:".utf8), group = Array("#EXTGRP:".utf8)

    private mutating func readDirective(_ line: ArraySlice<UInt8>, at position: TextPosition) throws(PlaylistError) {
        if line.starts(with: Self.hlsTag) {
            let tag = String(decoding: line.prefix { $0 != UInt8(ascii: ":") }.prefix(64), as: UTF8.self)
            throw PlaylistError(problems: [PlaylistProblem(position: position, reason: .hlsStream(tag: tag))])
        }
        if line.starts(with: Self.info) {
            if let pendingInfo { report(.infoWithoutEntry, at: TextPosition(line: pendingInfo.line, column: 1)) }
            pendingInfo = (M3UInfo(line.dropFirst(Self.info.count)), position.line)
        } else if line.starts(with: Self.group) {
            pendingGroup = DisplayText.cleaned(String(decoding: line.dropFirst(Self.group.count), as: UTF8.self))
        }
    }

    /// Reads an entry's line; false when the list is full.
    private mutating func readEntry(_ text: String, at position: TextPosition) -> Bool {
        let info = pendingInfo?.info
        let group = DisplayText.cleaned(info?.attributes["group-title"]) ?? pendingGroup
        pendingInfo = nil
        pendingGroup = nil
        guard entries.count < Playlist.maximumEntries else {
            report(.tooManyEntries(limit: Playlist.maximumEntries), at: position)
            return false
        }
        if let control = DisplayText.firstControl(in: text) {
            report(.controlCharacter(control.code), at: TextPosition(line: position.line, column: position.column + control.offset))
            return true
        }
        let source: SourceSpec
        do throws(Refusal) {
            source = try resolve(text)
        } catch {
            report(error.reason, at: position)
            return true
        }
        let attributes = info?.attributes ?? [:]
        let title = DisplayText.cleaned(info?.title) ?? DisplayText.cleaned(attributes["tvg-name"]) ?? Self.fallbackTitle(of: source)
        entries.append(PlaylistEntry(title: title, source: source, logo: logo(attributes["tvg-logo"]), group: group,
                                     guideID: DisplayText.cleaned(attributes["tvg-id"]), line: position.line))
        return true
    }

    // MARK: Entries

    /// Why an entry is skipped.
    private struct Refusal: Error {
        var reason: PlaylistProblem.Reason
    }

    /// The source an entry names, relative ones resolved against the location, or why not.
    private func resolve(_ text: String) throws(Refusal) -> SourceSpec {
        let scheme = text.utf8.firstIndex(of: UInt8(ascii: ":")).flatMap { SourceSpec.scheme(before: $0, in: text) }
        switch location.place {
        case .network(let base):
            let absolute = scheme == nil ? base.resolving(text).text : text
            let source: SourceSpec
            do throws(SourceSpecError) { source = try SourceSpec.parse(absolute) } catch { throw Refusal(reason: .badEntry(error)) }
            if let local = LocalSource(source) { throw Refusal(reason: .localEntryInDownload(local)) }
            if case .url(let url) = source, let problem = NetworkURL.problem(with: url) { throw Refusal(reason: .badAddress(problem)) }
            return source
        case .file(let directory):
            let source: SourceSpec
            do throws(SourceSpecError) { source = try SourceSpec.parse(text) } catch { throw Refusal(reason: .badEntry(error)) }
            switch source {
            case .file(var path):
                if scheme == "file" {
                    guard let decoded = PercentEncoding.decodedText(path[...]) else { throw Refusal(reason: .badAddress(.badPercentEncoding)) }
                    if let control = DisplayText.firstControl(in: decoded) { throw Refusal(reason: .controlCharacter(control.code)) }
                    path = decoded
                }
                return .file(path: Self.path(path, in: directory))
            case .url(let url) where !NetworkURL.schemeIsLocal(url):
                if let problem = NetworkURL.problem(with: url) { throw Refusal(reason: .badAddress(problem)) }
                return source
            default:
                return source
            }
        }
    }

    /// A path relative to the playlist's directory made relative to the current one.
    private static func path(_ path: String, in directory: String?) -> String {
        guard !path.hasPrefix("/"), let directory else { return path }
        return directory + "/" + path
    }

    /// The `tvg-logo` as an address FloatApp may fetch or read, or nil.
    private func logo(_ value: String?) -> String? {
        guard let text = DisplayText.cleaned(value), DisplayText.firstControl(in: text) == nil else { return nil }
        let scheme = text.utf8.firstIndex(of: UInt8(ascii: ":")).flatMap { SourceSpec.scheme(before: $0, in: text) }
        let absolute: String
        switch (location.place, scheme) {
        case (.network(let base), nil): absolute = base.resolving(text).text
        case (.file(let directory), nil): return Self.path(text, in: directory)
        default: absolute = text
        }
        guard let url = NetworkURL(absolute), url.scheme == "http" || url.scheme == "https",
              NetworkURL.problem(with: absolute) == nil else { return nil }
        return absolute
    }

    /// The title of an entry without one: the last part of its path, else its host, else its text.
    private static func fallbackTitle(of source: SourceSpec) -> String {
        let text: String
        switch source {
        case .url(let url):
            guard let parts = NetworkURL(url) else { return url }
            let name = parts.path.split(separator: "/").last.map { PercentEncoding.decodedText($0) ?? String($0) }
            text = DisplayText.cleaned(name) ?? parts.authority
        case .file(let path):
            text = path.split(separator: "/").last.map(String.init) ?? path
        default:
            text = source.text
        }
        return DisplayText.cleaned(text) ?? source.text
    }

    // MARK: Problems and places

    private mutating func report(_ reason: PlaylistProblem.Reason, at position: TextPosition) {
        if problems.count < Playlist.maximumReportedProblems {
            problems.append(PlaylistProblem(position: position, reason: reason))
        } else {
            unreportedProblemCount += 1
        }
    }

    /// The column of byte `offset` on the line starting at `lineStart`, in Unicode scalars.
    private func column(of offset: Int, from lineStart: Int) -> Int {
        var column = 1
        for byte in bytes[lineStart..<min(offset, bytes.count)] where byte & 0xC0 != 0x80 { column += 1 }
        return column
    }

    /// The line and column of byte `offset`, lines ending as ``read()`` ends them.
    private func position(ofOffset offset: Int) -> TextPosition {
        var line = 1, lineStart = start, index = start
        while index < offset {
            let byte = bytes[index]
            index += 1
            if byte == Self.lineFeed || byte == Self.carriageReturn {
                if byte == Self.carriageReturn, index < offset, bytes[index] == Self.lineFeed { index += 1 }
                line += 1
                lineStart = index
            }
        }
        return TextPosition(line: line, column: column(of: offset, from: lineStart))
    }
}
