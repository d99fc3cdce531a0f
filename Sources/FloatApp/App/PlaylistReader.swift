import AppCore
import CSDL
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
    /// Rooms a new read replaced, until the next loop turn.
    private var replaced: [PlaylistRooms] = []

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
            Self.parse {
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
                    let bytes = try await http.get(url)
                    Self.parse { deliver(PlaylistRooms.read(bytes, from: address)) }
                } catch {
                    deliver(.failure(.download(error)))
                }
            }
        }
    }

    /// Runs `body` on a thread of its own at a lower priority than the loop's (10 nicer): on a
    /// busy machine the window keeps its share of the processor while a long list is parsed.
    nonisolated private static func parse(_ body: @escaping @Sendable () -> Void) {
        NamedThread.start("floatapp-m3u") {
            // On Linux a nice value is the calling thread's own (who 0 is this thread).
            let which = __priority_which_t(PRIO_PROCESS.rawValue)
            _ = setpriority(which, 0, min(19, getpriority(which, 0) + 10))
            body()
            // The parse's bytes and entries were freed into this thread's arena: hand them back.
            _ = malloc_trim(0)
        }
    }

    /// Keeps replaced rooms until ``releaseReplaced()`` lets them go.
    func release(_ rooms: PlaylistRooms) {
        replaced.append(rooms)
    }

    /// Lets the replaced rooms go on a thread of their own. Called at the start of a loop turn,
    /// when the effects that carried them are gone: this list is then their last holder on the
    /// main thread, and the thread that empties it frees them.
    func releaseReplaced() {
        guard !replaced.isEmpty else { return }
        let held = Guarded(replaced)
        replaced = []
        NamedThread.start("floatapp-free") {
            held.withLock { $0 = [] }
            _ = malloc_trim(0)
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
