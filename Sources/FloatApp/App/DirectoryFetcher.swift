import AppCore
import CSDL
import Foundation
import LiveDirectory
import Localization
import Playback

/// Fetches live servers' statistics pages off the main thread (W8): each answer is read with
/// `NginxStats` on the fetcher's worker queue, left in an inbox, and an SDL user event wakes
/// the loop, which takes the answers as ``AppEvent/directoryFetched(serverID:serial:_:)``.
@MainActor
final class DirectoryFetcher {
    /// The SDL event type that says answers wait in the inbox.
    let eventType: UInt32
    private let http = HTTPFetcher(timeout: 4, maximumSize: NginxStats.maximumSize)
    private let inbox = Guarded<[AppEvent]>([])

    init(eventType: UInt32) {
        self.eventType = eventType
    }

    /// Starts fetching `url` for refresh `serial` of server `serverID`.
    func fetch(serverID: String, url: String, serial: Int) {
        let inbox = self.inbox, type = eventType
        http.get(url) { result in
            let read: Result<[LiveStreamInfo], DirectoryError> = switch result {
            case .success(let data): NginxStats.parse(data)
            case .failure(.tooLarge(let limit)): .failure(.badStats(tr("larger than %d MiB", limit >> 20)))
            case .failure(let error): .failure(.unreachable(error.description))
            }
            inbox.withLock { $0.append(.directoryFetched(serverID: serverID, serial: serial, read)) }
            var event = SDL_Event()
            event.type = type
            SDL_PushEvent(&event)
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
