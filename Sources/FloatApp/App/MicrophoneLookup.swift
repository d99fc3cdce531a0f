import Broadcast
import Dispatch
import Foundation
import LocksAndThreads
import Rooms

/// The desktop's default microphone, asked of the sound server on a thread of its own while the
/// app starts (``DefaultDevices/microphone()`` waits for `pactl`), so the windows and fonts load
/// meanwhile.
final class MicrophoneLookup: Sendable {
    private let result = Guarded<SourceSpec?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Starts asking.
    init() {
        let result = self.result, done = self.done
        let thread = Thread {
            let microphone = DefaultDevices.microphone()
            result.withLock { $0 = microphone }
            done.signal()
        }
        thread.name = "floatapp.microphone"
        thread.start()
    }

    /// The answer, once it came.
    func wait() -> SourceSpec? {
        done.wait()
        done.signal()
        return result.withLock { $0 }
    }
}
