import Localization
import LiveDirectory
import Rooms

extension HTTPFetchError {
    /// Why the page could not be fetched: the URL, Foundation's reason, or the HTTP status.
    public var words: String {
        switch self {
        case .badURL(let url): tr("not a URL: %s", url)
        case .transport(let reason): reason
        case .status(let code, let reason): "HTTP \(code) " + reason
        case .tooLarge(let limit): SizeLimit(bytes: limit).exceeded
        }
    }
}
