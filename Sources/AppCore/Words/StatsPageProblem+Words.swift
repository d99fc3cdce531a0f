import Localization
import LiveDirectory

extension StatsPageProblem {
    /// Why the page is not a usable statistics page.
    public var words: String {
        switch self {
        case .tooLarge(let limit):
            limit.exceeded
        case .notWellFormed(_, nil):
            tr("not well-formed XML")
        case .notWellFormed(let line, let code?):
            tr("not well-formed XML (%s)", line.map { tr("line %1$s, code %2$d", $0, code) } ?? tr("code %d", code))
        case .cutShort(let element):
            tr("cut short (the page ends inside <%s>)", element)
        case .notNginxRTMP(let root):
            tr("not an nginx-rtmp statistics page (root element %s)", root.map { "<\($0)>" } ?? tr("missing"))
        }
    }
}
