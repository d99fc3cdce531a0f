import EngineTerms
import Rooms

extension UserRooms {
    /// Applies an action and returns the effects for the root to map.
    public mutating func send(_ action: Action) -> [Effect] {
        switch action {
        case .add(let sources): return add(sources)
        case .probed(let serial, let title, let taken):
            guard let added = probing.removeValue(forKey: serial) else { return [] }
            let title = title.flatMap(Self.shownTitle) ?? added.fallbackTitle
            return [.save(.add(NewRoom(id: Self.newID(for: title, taken: taken), title: title, source: added.source),
                               seeded: store == .builtIn))]
        case .deleteRequested(let id, let title, let inFile):
            guard inFile else { return [.notice(.notDeletable(title: title))] }
            if let refusal = saveRefusal { return [.notice(refusal)] }
            return [.save(.remove(id, title: title))]
        case .undoRequested(let now):
            guard let deleted, now < deleted.until else { return [] }
            if let refusal = saveRefusal { return [.notice(refusal)] }
            return [.save(.restore(deleted))]
        case .saved(let change, let result, let now): return saved(change, result, now: now)
        case .fileLoaded:
            if case .broken = store { store = .userFile }
            return []
        case .fileFailed(let error):
            if store == .userFile { store = .broken(error, builtInListed: false) }
            return []
        }
    }

    /// Why nothing can be saved now, if so.
    var saveRefusal: UserRoomsNotice? {
        switch store {
        case .userFile, .builtIn: nil
        case .elsewhere: .runsFromOtherFile
        case .broken(let error, _): .fileBroken(error)
        }
    }

    private mutating func add(_ sources: [AddedSource]) -> [Effect] {
        if let refusal = saveRefusal { return [.notice(refusal)] }
        return sources.map { added in
            defer { nextSerial += 1 }
            probing[nextSerial] = added
            return .probe(serial: nextSerial, source: added.source, title: added.fallbackTitle)
        }
    }

    private mutating func saved(_ change: UserRoomsChange, _ result: Result<UserRoomsSaved, RoomsSaveError>,
                                now: Double) -> [Effect] {
        let saved: UserRoomsSaved
        switch result {
        case .success(let written): saved = written
        case .failure(let error):
            if case .edit(.fileInvalid(let problems)) = error, store == .userFile { store = .broken(.invalid(problems), builtInListed: false) }
            return [.notice(.saveFailed(error))]
        }
        store = .userFile
        switch change {
        case .add(let room, _):
            return [.rooms(saved.config), .open(room.id)]
        case .remove(let id, let title):
            guard let removed = saved.removed else { return [.rooms(saved.config)] }
            deleted = DeletedRoom(id: id, title: title, element: removed.element, index: removed.index,
                                  until: now + Self.undoDuration)
            return [.rooms(saved.config), .offerUndo(title: title, until: now + Self.undoDuration)]
        case .restore(let room):
            deleted = nil
            return [.rooms(saved.config), .withdrawUndo, .select(room.id)]
        }
    }

    /// A probed title made fit to show: control characters become spaces; nil when empty.
    static func shownTitle(_ title: String) -> String? {
        let cleaned = String(String.UnicodeScalarView(title.unicodeScalars.map { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) ? " " : $0 }))
        let trimmed = cleaned.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        return trimmed.isEmpty ? nil : String(trimmed.prefix(200))
    }

    /// An id for a room titled `title`: its letters and digits in lower case joined by dashes
    /// (at most 40), `room` when none are ASCII, with `-2`, `-3`, … until none of `taken` has it.
    public static func newID(for title: String, taken: Set<RoomID>) -> RoomID {
        var slug = ""
        for scalar in title.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, slug.last != "-" {
                slug += "-"
            }
        }
        slug = String(slug.prefix(40))
        while slug.hasSuffix("-") { slug.removeLast() }
        let base = slug.isEmpty ? "room" : slug
        var id = base
        var n = 2
        while taken.contains(id) {
            id = "\(base)-\(n)"
            n += 1
        }
        return id
    }
}
