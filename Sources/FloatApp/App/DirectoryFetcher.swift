import AppCore
import DirectoryFetch
import Foundation
import Janus
import LiveDirectory
import LocksAndThreads

/// Fetches live servers' statistics pages off the main thread (W8): each page is read with
/// `StatsReader` in a task of its own, the answer left in an inbox, and the loop waker wakes
/// the loop, which takes the answers as ``AppEvent/directoryFetched(serverID:serial:_:)``. A Janus
/// server's calls (R8) are read by `JanusDirectoryReader` the same way.
@MainActor
final class DirectoryFetcher {
    /// Wakes the loop when answers wait in the inbox.
    let waker: LoopWaker
    private let reader = StatsReader(timeout: 4)
    private let janusReader = JanusDirectoryReader(requestTimeout: 4)
    private let inbox = Guarded<[AppEvent]>([])
    /// The joined Janus call's participants whose media all stopped, left out of the calls read.
    private let janusFeeds: JanusFeedPlayers

    init(waker: LoopWaker, janusFeeds: JanusFeedPlayers) {
        self.waker = waker
        self.janusFeeds = janusFeeds
    }

    /// Starts fetching `url` for refresh `serial` of server `serverID`.
    func fetch(serverID: String, url: String, serial: Int) {
        let inbox = self.inbox, waker = self.waker
        reader.read(url) { read in
            inbox.withLock { $0.append(.directoryFetched(serverID: serverID, serial: serial, read)) }
            waker.wake()
        }
    }

    /// Starts reading the calls of the Janus server at `api` for refresh `serial` of server `serverID`.
    func fetchJanusCalls(serverID: String, api: String, serial: Int) {
        let inbox = self.inbox, waker = self.waker, reader = janusReader, feeds = janusFeeds
        Task.detached {
            let read = await reader.read(api).map(feeds.withoutGone)
            inbox.withLock { $0.append(.directoryCallsFetched(serverID: serverID, serial: serial, read)) }
            waker.wake()
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
