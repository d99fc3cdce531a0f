import Broadcast
import LocksAndThreads
import Rooms

/// The desktop's default microphone, asked of the sound server on a thread of its own while the
/// app starts (``DefaultDevices/microphone()`` waits for `pactl`), so the windows and fonts load
/// meanwhile.
final class MicrophoneLookup: Sendable {
    private let lookup = ResultThread(name: "floatapp.microphone") { DefaultDevices.microphone() }

    /// The answer, once it came.
    func wait() -> SourceSpec? {
        lookup.result()
    }
}
