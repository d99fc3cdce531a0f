import Localization
import Rooms

/// A `floatapp://call?...` link handed over (W13).
extension AppState {
    /// A call link was handed over: nothing is joined and nothing published from a link
    /// alone; the user is told which call on which server the link names.
    mutating func callLinkOpened(_ link: InviteLink, now: Double) -> [AppEffect] {
        guard case .call(_, let title, let server) = link else { return [] }
        let message = tr("Call link to “%1$s” on %2$s: joining a call from a link is not possible yet", title, server.title)
        showToast(message, now: now)
        return [.log(.info, message), .stats(.toast(message))]
    }
}
