import EngineTerms
import Foundation
import Rooms

/// Saves the rooms the user adds to and deletes from their rooms file (R6): the file is read
/// fresh, edited as text (everything else in it kept byte for byte, ``RoomsFileText``) and
/// written atomically; a file that is not a valid rooms file is never written.
///
/// Each call reads, edits and writes a file of at most ``RoomsLoader/maximumBytes`` (a few
/// kilobytes in practice), quickly enough for the main thread.
public enum UserRoomsFile {
    /// What a save leaves: the file's rooms as now written.
    public typealias Saved = RoomsConfig

    /// Adds `room` to the rooms file at `path`. A missing file is made: from `seed` (the rooms
    /// file the app runs from, so its rooms stay in the list) with the room added, or holding
    /// the room alone.
    public static func add(_ room: NewRoom, to path: String, seed: String?) throws(RoomsSaveError) -> Saved {
        let name = (path as NSString).lastPathComponent
        let edited: [UInt8]
        if FileManager.default.fileExists(atPath: path) {
            edited = try edit(path) { text throws(RoomsFileEditError) in try RoomsFileText.adding(room, into: text, fileName: name) }
        } else if let seed {
            edited = try edit(seed) { text throws(RoomsFileEditError) in try RoomsFileText.adding(room, into: text, fileName: name) }
        } else {
            do throws(RoomsFileEditError) {
                edited = try RoomsFileText.newFile(with: room, fileName: name)
            } catch {
                throw .edit(error)
            }
        }
        return try write(edited, to: path)
    }

    /// Removes room `id` from the rooms file at `path`; answers with the room's own text and
    /// its index, for putting it back.
    public static func remove(_ id: RoomID, from path: String) throws(RoomsSaveError) -> (saved: Saved, element: String, index: Int) {
        let name = (path as NSString).lastPathComponent
        var removed: RemovedRoom?
        let edited = try edit(path) { text throws(RoomsFileEditError) in
            let cut = try RoomsFileText.removing(roomID: id, from: text, fileName: name)
            removed = cut
            return cut.text
        }
        let saved = try write(edited, to: path)
        return (saved, removed?.element ?? "", removed?.index ?? 0)
    }

    /// Puts a removed room's text back into the rooms file at `path`, before the room at `index`.
    public static func restore(_ element: String, at index: Int, in path: String) throws(RoomsSaveError) -> Saved {
        let name = (path as NSString).lastPathComponent
        let edited = try edit(path) { text throws(RoomsFileEditError) in
            try RoomsFileText.restoring(element, at: index, into: text, fileName: name)
        }
        return try write(edited, to: path)
    }

    private static func edit(_ path: String,
                             _ change: ([UInt8]) throws(RoomsFileEditError) -> [UInt8]) throws(RoomsSaveError) -> [UInt8] {
        let text: Data
        do throws(RoomsLoadError) {
            text = try RoomsLoader.read(path: path, limit: RoomsLoader.maximumBytes)
        } catch {
            throw .read(error)
        }
        do throws(RoomsFileEditError) {
            return try change(Array(text))
        } catch {
            throw .edit(error)
        }
    }

    /// Writes the edited text (checked valid by the edit), first removing what a save killed
    /// mid-write left beside the file, and answers with the rooms as a read
    /// of the file gives them, its relative playlist paths made the file's own.
    private static func write(_ text: [UInt8], to path: String) throws(RoomsSaveError) -> Saved {
        AtomicFile.removeStaleTemporaries(of: path)
        do throws(FileWriteError) {
            try AtomicFile.write(Data(text), to: path)
        } catch {
            throw .write(error)
        }
        do throws(RoomsLoadError) {
            return try RoomsLoader.load(path: path)
        } catch {
            throw .read(error)
        }
    }
}
