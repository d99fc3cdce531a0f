import Rooms

/// Why a statistics page is not a usable nginx-rtmp statistics page, as data: AppCore words it.
public enum StatsPageProblem: Error, Hashable, Sendable {
    /// The page is over the reader's limit (it was not read further).
    case tooLarge(SizeLimit)
    /// The page is not well-formed XML: the parser's line and error code, when it gave them.
    case notWellFormed(line: String?, code: Int?)
    /// The page ends inside an element (libxml2 may accept such a page).
    case cutShort(openElement: String)
    /// The page's root element, nil when it has none, is not nginx-rtmp's `<rtmp>`.
    case notNginxRTMP(root: String?)
}
