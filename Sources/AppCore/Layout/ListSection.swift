import Localization

/// What a section header of the room list stands for: the opened items (R6), the rooms file's
/// rooms after them, a playlist's group (R7), or a live server (W8).
public enum ListSection: Hashable, Sendable {
    /// The rooms a person brought this run, first in the list.
    case opened
    /// The rooms file's rooms, headed only while opened items come before them.
    case roomsFile
    /// A playlist's group, or the list itself, with the lines the list skipped (R7).
    case playlist(title: String, skippedLines: Int)
    /// The live server of the directory's section at this index.
    case server(Int)
}

extension AppState {
    /// A section's header text at time `now`, and whether it tells of a server out of reach.
    func sectionHeader(_ section: ListSection, now: Double) -> (text: String, isUnreachable: Bool) {
        switch section {
        // TRANSLATORS: the room list's section of the streams and files opened this run.
        case .opened: return (tr("Opened"), false)
        // TRANSLATORS: the room list's section of the rooms file's rooms, under the opened ones.
        case .roomsFile: return (tr("Rooms"), false)
        case .playlist(let title, let skipped):
            guard skipped > 0 else { return (title, false) }
            // TRANSLATORS: a playlist's section header: its group's title, then how many of the list's lines were skipped.
            return (tr("%1$s — %2$s", title, trn("%d line skipped", "%d lines skipped", skipped)), false)
        case .server(let k):
            let section = directory.sections[k]
            let unreachable = if case .unreachable = section.reachability { true } else { false }
            return (section.header(now: now), unreachable)
        }
    }
}
