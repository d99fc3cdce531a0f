import Rooms

/// Why a change to the user's rooms file was not saved, as data: AppCore words it. The file is
/// left as it was in every case.
public enum RoomsSaveError: Error, Hashable, Sendable {
    /// The file could not be read.
    case read(RoomsLoadError)
    /// The file is not a valid rooms file, or the change would make it one that is not.
    case edit(RoomsFileEditError)
    /// Writing the new file failed.
    case write(FileWriteError)
}
