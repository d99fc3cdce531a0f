import Foundation

/// How an item given on the command line travels in `org.freedesktop.Application.Open`: the
/// desktop's convention is URIs, so a path goes as an absolute `file://` URI and comes back
/// as that path; URLs and links go as they are.
public enum ItemURI {
    /// The URI that hands `item` over: an existing file's or a scheme-less text's absolute
    /// `file://` URI (relative to `directory`), else the item as it is (a URL, a link, an
    /// FFmpeg input such as `lavfi:...`).
    public static func uri(for item: String, in directory: String, fileExists: (String) -> Bool) -> String {
        let path = item.hasPrefix("/") ? item : directory + "/" + item
        guard fileExists(path) || !hasScheme(item) else { return item }
        return URL(fileURLWithPath: (path as NSString).standardizingPath).absoluteString
    }

    /// The item a URI received stands for: a local `file://` URI's path, decoded; anything
    /// else as it is.
    public static func item(for uri: String) -> String {
        guard uri.lowercased().hasPrefix("file:"), let url = URL(string: uri), url.isFileURL,
              url.host == nil || url.host == "" || url.host == "localhost" else { return uri }
        let path = url.path
        return path.isEmpty ? uri : path
    }

    /// Whether `text` starts with a URI scheme and its colon (`https:`, `floatapp:`, `lavfi:`).
    static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), let first = text.first, first.isASCII, first.isLetter else { return false }
        return text[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }
}
