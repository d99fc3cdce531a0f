import Localization
import LiveDirectory
import Rooms

extension DirectoryStream {
    /// The row's second line: `LIVE · 3 watching · 1280x720 · 12:05` (W8).
    public func rowDetail(now: Double) -> String {
        let viewers = trn("%d watching", "%d watching", info.viewers)
        return ([tr("LIVE"), viewers] + [info.resolution].compactMap { $0 } + [Self.clock(liveDuration(now: now))])
            .joined(separator: " · ")
    }

    /// `m:ss` under an hour, `h:mm:ss` from an hour on.
    public static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.down))
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
    }
}

extension ServerDirectory {
    /// The section header: the server's title, and why it cannot be reached and when it is
    /// tried again, e.g. `Local server — unreachable: Could not connect to the server (next try in 4 s)`.
    public func header(now: Double) -> String {
        switch reachability {
        case .unknown:
            return tr("%s — connecting…", server.title)
        case .reachable:
            if server.kind == .janus { return calls.isEmpty ? tr("%s — no rooms", server.title) : server.title }
            return streams.isEmpty ? tr("%s — nobody is live", server.title) : server.title
        case .unreachable(let reason, _, let nextTry):
            let wait = max(0, Int((nextTry - now).rounded(.up)))
            let when = pendingSerial != nil || wait == 0 ? tr("trying again now") : tr("next try in %d s", wait)
            // TRANSLATORS: a live server's section header: its title, why it cannot be reached, when it is tried again.
            return tr("%1$s — unreachable: %2$s (%3$s)", server.title, reason.words, when)
        }
    }
}
