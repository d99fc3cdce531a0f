import Rooms

extension PlaylistRooms {
    /// The rooms of a playlist's bytes read from `address`: its entries by group, one room for
    /// an HLS playlist (a stream, not a list), a rooms file's rooms (a `.json` file), or why
    /// there are none (R7). Pure and linear in
    /// the bytes: the shell calls it off the main thread.
    public static func read<Bytes: Collection<UInt8>>(_ bytes: Bytes, from address: PlaylistAddress)
        -> Result<PlaylistRooms, PlaylistLoadFailure> {
        if case .file(let path) = address, PlaylistAddress.isRoomsFilePath(path) {
            do throws(RoomsFileError) {
                let config = try RoomsFile.parse(bytes, fileName: address.name)
                return .success(PlaylistRooms(roomsFile: config.rooms, address: address))
            } catch {
                return .failure(.file(.invalid(error)))
            }
        }
        guard let location = address.location else {
            return .failure(.download(.badURL(address.text)))
        }
        do throws(PlaylistError) {
            return .success(PlaylistRooms(try Playlist.parse(bytes, location: location), address: address))
        } catch where error.isHLSStream {
            return .success(PlaylistRooms(stream: address))
        } catch {
            return .failure(.playlist(error))
        }
    }
}
