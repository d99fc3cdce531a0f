import EngineTerms
import Rooms

/// The rooms the user adds and deletes (R6), a child reducer of ``AppState``: where they are
/// saved (the user's rooms file, made from the built-in one at the first save), the items being
/// probed, and the room deleted last while its Undo shows. The root hands it what the user
/// did, carries out its probes and saves, and tells it what each save did.
public struct UserRooms: Equatable, Sendable {
    /// Where added rooms are saved.
    public enum Store: Equatable, Sendable {
        /// The app runs from the user's rooms file: rooms are added to it and deleted from it.
        case userFile
        /// The user has no rooms file yet and the app runs from the built-in one: the first save
        /// makes the user's file from the built-in rooms plus the new one, so none leaves the list.
        case builtIn
        /// `--rooms FILE`: rooms added this run are not saved (that file is the caller's).
        case elsewhere
        /// The user's rooms file does not load (why): nothing is saved until the file is fixed
        /// and read again. The rooms listed are the built-in ones (the file did not load at
        /// start) or the file's as last read (it stopped loading since).
        case broken(RoomsLoadError, builtInListed: Bool = true)
    }

    /// Where added rooms are saved.
    public var store: Store

    /// Whether added rooms are saved now: the user's rooms file is theirs to change and loads.
    public var savesAdded: Bool { saveRefusal == nil }
    /// The sources being probed, by probe serial.
    public var probing: [Int: AddedSource] = [:]
    /// The serial of the next probe.
    public var nextSerial = 1
    /// The room deleted last, while its Undo is offered.
    public var deleted: DeletedRoom?

    /// How long a deletion can be undone: its toast's time.
    public static let undoDuration = 8.0

    /// Creates the state at start.
    public init(store: Store) {
        self.store = store
    }

    /// What happened to the user's rooms.
    public enum Action: Equatable, Sendable {
        /// The user gave sources to add (typed in the location field or pasted).
        case add([AddedSource])
        /// A probe ended: the source's own title, when it has one.
        case probed(serial: Int, title: String?, takenIDs: Set<RoomID>)
        /// Delete was pressed on a room of the list; `inFile` says whether the room is one of
        /// the rooms file's.
        case deleteRequested(RoomID, title: String, inFile: Bool)
        /// Undo was clicked or Ctrl+Z pressed.
        case undoRequested(now: Double)
        /// A save ended.
        case saved(UserRoomsChange, Result<UserRoomsSaved, RoomsSaveError>, now: Double)
        /// The rooms file was read again and loads: a broken user file is fixed.
        case fileLoaded
        /// The user's rooms file was read again and does not load.
        case fileFailed(RoomsLoadError)
    }

    /// What the root carries out for the user's rooms.
    public enum Effect: Equatable, Sendable {
        /// Probe a source off the main thread for its title (`title` names it meanwhile).
        case probe(serial: Int, source: String, title: String)
        /// Save a change to the user's rooms file.
        case save(UserRoomsChange)
        /// Tell the user (a toast).
        case notice(UserRoomsNotice)
        /// The rooms file's rooms are now these (a save wrote them).
        case rooms(RoomsConfig)
        /// Select and open this room of the list.
        case open(RoomID)
        /// Select this room of the list.
        case select(RoomID)
        /// Offer Undo for this deletion until the time given.
        case offerUndo(title: String, until: Double)
        /// The Undo offer is over.
        case withdrawUndo
    }
}

/// A network address or file the user adds: as the rooms file will say it, and the title its
/// address gives until the stream's own is known.
public struct AddedSource: Hashable, Sendable {
    /// The source as the rooms file writes it: a network URL or an absolute path.
    public var source: String
    /// The address's last part or the file's name.
    public var fallbackTitle: String

    /// Creates a source to add.
    public init(source: String, fallbackTitle: String) {
        self.source = source
        self.fallbackTitle = fallbackTitle
    }
}

/// A change to the user's rooms file.
public enum UserRoomsChange: Equatable, Sendable {
    /// Add a room; a missing file is made from the rooms file the app runs from when `seeded`.
    case add(NewRoom, seeded: Bool)
    /// Delete a room (its title, for the Undo toast).
    case remove(RoomID, title: String)
    /// Put a deleted room's text back where it was.
    case restore(DeletedRoom)
}

/// What a save wrote: the file's rooms, and for a deletion the room's text and place.
public struct UserRoomsSaved: Equatable, Sendable {
    /// The rooms file as written.
    public var config: RoomsConfig
    /// The deleted room's own text and index in the `rooms` list.
    public var removed: (element: String, index: Int)?

    /// Creates a save's answer.
    public init(config: RoomsConfig, removed: (element: String, index: Int)? = nil) {
        self.config = config
        self.removed = removed
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.config == b.config && a.removed?.element == b.removed?.element && a.removed?.index == b.removed?.index
    }
}

/// A room deleted from the user's rooms file, kept to put it back.
public struct DeletedRoom: Equatable, Sendable {
    /// The room's id and title.
    public var id: RoomID
    public var title: String
    /// Its text as it was in the file, and its index in the `rooms` list.
    public var element: String
    public var index: Int
    /// Until when Undo is offered.
    public var until: Double

    /// Creates a deleted room.
    public init(id: RoomID, title: String, element: String, index: Int, until: Double) {
        self.id = id
        self.title = title
        self.element = element
        self.index = index
        self.until = until
    }
}

/// What the user is told about their rooms, as data: AppCore words it.
public enum UserRoomsNotice: Equatable, Sendable {
    /// Nothing is saved: the app runs with `--rooms FILE`, which is not the user's to change.
    case runsFromOtherFile
    /// Nothing is saved while the user's rooms file does not load.
    case fileBroken(RoomsLoadError)
    /// A save failed; the file is as it was.
    case saveFailed(RoomsSaveError)
    /// Only rooms of the user's rooms file can be deleted.
    case notDeletable(title: String)
}
