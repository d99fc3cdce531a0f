import Localization
import Rooms

extension LocalSource {
    /// What the source opens, as a noun phrase: "a local file", "a device (v4l2:)".
    public var words: String {
        switch self {
        case .file: tr("a local file")
        case .lavfi: tr("a lavfi: filter graph")
        case .device(let scheme): tr("a device (%s:)", scheme)
        }
    }
}
