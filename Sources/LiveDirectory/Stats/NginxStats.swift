import Foundation
import FoundationXML
import Rooms
#if canImport(FoundationXML)
#endif

/// Reads nginx-rtmp's XML statistics page (`rtmp_stat all`) with Foundation's `XMLParser`.
///
/// ```swift
/// let streams = try NginxStats.parse(data)   // every stream of every application
/// // throws a StatsPageProblem: not XML, cut short, too big, not nginx-rtmp
/// ```
public enum NginxStats {
    /// The largest page read: 4 MiB holds thousands of streams; anything bigger is refused.
    public static let maximumSize = 4 << 20

    /// The streams on the page, in page order, or why the page is unusable.
    public static func parse(_ data: Data) throws(StatsPageProblem) -> [LiveStreamInfo] {
        guard data.count <= maximumSize else { throw .tooLarge(SizeLimit(bytes: maximumSize)) }
        let parser = XMLParser(data: data)
        let reader = NginxStatsReader()
        parser.delegate = reader
        parser.shouldResolveExternalEntities = false
        guard parser.parse() else { throw Self.malformed(parser.parserError) }
        // libxml2 may accept a document cut short inside its root element: check that it closed.
        guard reader.isComplete else { throw .cutShort(openElement: reader.openElement ?? "rtmp") }
        guard reader.rootName == "rtmp" else { throw .notNginxRTMP(root: reader.rootName) }
        return reader.streams
    }

    /// The parser's error as a problem: its line, when it names one, and its code.
    private static func malformed(_ error: Error?) -> StatsPageProblem {
        guard let nsError = error.map({ $0 as NSError }) else { return .notWellFormed(line: nil, code: nil) }
        let line = nsError.userInfo["NSXMLParserErrorLineNumber"] ?? nsError.userInfo["lineNumber"]
        return .notWellFormed(line: line.map { "\($0)" }, code: nsError.code)
    }
}

/// The `XMLParser` delegate behind ``NginxStats``: follows the element path and fills one
/// stream record per `server/application/live/stream`.
private final class NginxStatsReader: NSObject, XMLParserDelegate {
    private(set) var rootName: String?
    private(set) var streams: [LiveStreamInfo] = []
    /// True once the root element has closed.
    private(set) var isComplete = false
    private var path: [String] = []

    /// The innermost element still open.
    var openElement: String? { path.last }
    private var text = ""
    private var application = ""
    private var current: [String: String] = [:]

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        if path.isEmpty { rootName = name }
        path.append(name)
        text = ""
        if path.suffix(2) == ["live", "stream"] { current = [:] }
        if path.suffix(2) == ["stream", "publishing"], path.dropLast().suffix(2) == ["live", "stream"] {
            current["publishing"] = "1"
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        defer {
            path.removeLast()
            isComplete = path.isEmpty
        }
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        text = ""
        if path.suffix(2) == ["application", "name"] { application = value; return }
        if path.suffix(2) == ["live", "stream"] {
            if let stream = makeStream() { streams.append(stream) }
            return
        }
        guard let streamIndex = path.lastIndex(of: "stream"), path[..<streamIndex].last == "live" else { return }
        let key = path[(streamIndex + 1)...].joined(separator: "/")
        if Self.fields.contains(key) { current[key] = value }
    }

    private static let fields: Set<String> = [
        "name", "time", "nclients", "bw_in", "meta/video/width", "meta/video/height",
        "meta/video/frame_rate", "meta/video/codec", "meta/audio/codec",
    ]

    private func makeStream() -> LiveStreamInfo? {
        guard let name = current["name"], !name.isEmpty else { return nil }
        func number(_ key: String) -> Int? { current[key].flatMap { Int($0) } }
        func word(_ key: String) -> String? { current[key].flatMap { $0.isEmpty ? nil : $0 } }
        return LiveStreamInfo(
            name: name, application: application, isPublishing: current["publishing"] != nil,
            clients: number("nclients") ?? 0, age: Double(number("time") ?? 0) / 1000,
            width: number("meta/video/width"), height: number("meta/video/height"),
            frameRate: current["meta/video/frame_rate"].flatMap { Double($0) },
            videoCodec: word("meta/video/codec"), audioCodec: word("meta/audio/codec"),
            bitsPerSecondIn: number("bw_in"))
    }
}
