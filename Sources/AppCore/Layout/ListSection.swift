import Localization

/// What a section header of the room list stands for: the opened items (R6), the rooms file's
/// rooms after them, or a live server (W8).
enum ListSection: Hashable, Sendable {
    /// The rooms a person brought this run, first in the list.
    case opened
    /// The rooms file's rooms, headed only while opened items come before them.
    case roomsFile
    /// The live server of the directory's section at this index.
    case server(Int)
}

extension AppState {
    /// The list's section headers, each with the index of the room it comes before, in order.
    var listSections: [(start: Int, section: ListSection)] {
        var sections: [(start: Int, section: ListSection)] = []
        let openedCount = opened.items.count
        if openedCount > 0 {
            sections.append((0, .opened))
            if !roomsFile.rooms.isEmpty { sections.append((openedCount, .roomsFile)) }
        }
        for (k, start) in directory.sectionStarts(after: openedCount + roomsFile.rooms.count).enumerated() {
            sections.append((start, .server(k)))
        }
        return sections
    }

    /// A section's header text at time `now`, and whether it tells of a server out of reach.
    func sectionHeader(_ section: ListSection, now: Double) -> (text: String, isUnreachable: Bool) {
        switch section {
        // TRANSLATORS: the room list's section of the streams and files opened this run.
        case .opened: return (tr("Opened"), false)
        // TRANSLATORS: the room list's section of the rooms file's rooms, under the opened ones.
        case .roomsFile: return (tr("Rooms"), false)
        case .server(let k):
            let section = directory.sections[k]
            let unreachable = if case .unreachable = section.reachability { true } else { false }
            return (section.header(now: now), unreachable)
        }
    }
}
