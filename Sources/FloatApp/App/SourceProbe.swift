import AppCore
import FFmpeg
import Foundation
import LocksAndThreads
import Rooms

/// Opens sources the user adds off the main thread for their titles (R6): FFmpeg's open and
/// stream info on a thread of its own per source, bounded by ``openTimeout`` through the
/// interrupt callback (the thread ends with the process at quit). Each answer waits in an inbox and the waker wakes the
/// loop, which takes it as ``AppEvent/sourceProbed(serial:title:)``.
@MainActor
final class SourceProbe {
    /// Wakes the loop when answers wait in the inbox.
    let waker: LoopWaker
    private let inbox = Guarded<[AppEvent]>([])

    /// How long an open and its stream info may take: a stream slower than this is added with
    /// the title its address gives.
    nonisolated static let openTimeout = 8.0

    init(waker: LoopWaker) {
        self.waker = waker
    }

    /// Starts probing `source` for probe `serial`.
    func probe(serial: Int, source: String) {
        let inbox = self.inbox, waker = self.waker
        NamedThread.start("floatapp.probe") {
            let title = Self.title(of: source, interrupt: InterruptFlag())
            inbox.withLock { $0.append(.sourceProbed(serial: serial, title: title)) }
            waker.wake()
        }
    }

    /// The container's `title` metadata, when the source opens and has one.
    private nonisolated static func title(of source: String, interrupt: InterruptFlag) -> String? {
        guard let spec = try? SourceSpec.parse(source) else { return nil }
        let input = try? InputContext(url: spec.openName, formatName: spec.formatName, interrupt: interrupt,
                                      openTimeout: openTimeout, ioTimeout: openTimeout, deviceOptions: [:])
        return input?.metadataValue("title")
    }

    /// The answers that arrived since the last call.
    func takeAnswers() -> [AppEvent] {
        inbox.withLock { answers in
            defer { answers = [] }
            return answers
        }
    }
}
