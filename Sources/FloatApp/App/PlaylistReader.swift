import AppCore
import DirectoryFetch
import Files
import Foundation
import LiveDirectory
import LocksAndThreads
import Rooms

/// Reads playlists off the main thread (R7): a file on a thread of its own, a URL with the
/// directory's HTTP fetcher (a timeout and ``Playlist/maximumSize`` as its cap); the bytes are
/// parsed and made rooms on that thread too, and the answer is left in an inbox the loop takes
/// as ``AppEvent/playlistRead(_:serial:_:)`` when the waker wakes it. A 100,000-entry list
/// never blocks the loop.
@MainActor
final class PlaylistReader {
    /// Wakes the loop when answers wait in the inbox.
    let waker: LoopWaker
    private let http = HTTPFetcher(timeout: 20, maximumSize: Playlist.maximumSize.bytes)
    private let inbox = Guarded<[AppEvent]>([])

    init(waker: LoopWaker) {
        self.waker = waker
    }

    /// Starts reading `address` for read `serial`.
    func read(_ address: PlaylistAddress, serial: Int) {
        let inbox = self.inbox, waker = self.waker
        let deliver: @Sendable (Result<PlaylistRooms, PlaylistLoadFailure>) -> Void = { result in
            inbox.withLock { $0.append(.playlistRead(address, serial: serial, result)) }
            waker.wake()
        }
        switch address {
        case .file(let path):
            NamedThread.start("floatapp-m3u") {
                do throws(RoomsLoadError) {
                    deliver(PlaylistRooms.read(try RoomsLoader.readPlaylist(path: path), from: address))
                } catch {
                    deliver(.failure(.file(error)))
                }
            }
        case .url(let url):
            let http = self.http
            Task.detached {
                do throws(HTTPFetchError) {
                    deliver(PlaylistRooms.read(try await http.get(url), from: address))
                } catch {
                    deliver(.failure(.download(error)))
                }
            }
        }
    }

    /// The answers that arrived since the last call.
    func takeAnswers() -> [AppEvent] {
        inbox.withLock { answers in
            defer { answers = [] }
            return answers
        }
    }
}
