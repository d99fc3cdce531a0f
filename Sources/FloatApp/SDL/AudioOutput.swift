import CSDL

/// The SDL audio device: float stereo at 48 kHz, filled by a render function on SDL's audio thread.
///
/// SDL 2.26 asks a sound server (PulseAudio, PipeWire's pulse server) to queue one callback's
/// worth of sound. With 1024 frames (21 ms) the sound stopped whenever the server's own thread
/// that takes a client's sound waited longer than that for a core: on a busy machine, at a
/// float <-> full view switch (the X server, the window manager and the app's first paints all
/// at once) it waited 20-70 ms while FloatApp had half a second of sound ready and its audio
/// thread ran on time (bench/README.md, switches). ``callbackFrames`` is twice that.
final class AudioOutput: Sendable {
    /// Frames a callback renders, which is also what SDL has the sound server queue.
    static let callbackFrames = 2048
    /// The callback size the players' clocks were measured in step with (pictures and sound
    /// heard together, bench/README.md's call latency): a larger device queue delays the sound
    /// by about twice the difference (the server's queue and the callback SDL holds both grow).
    static let calibratedFrames = 1024

    typealias Render = @Sendable (UnsafeMutablePointer<Float>, Int) -> Void

    /// Holds the render function for the C callback; lives as long as the device.
    private final class Box: Sendable {
        let render: Render
        let channels: Int
        init(render: @escaping Render, channels: Int) { self.render = render; self.channels = channels }
    }

    private let device: SDL_AudioDeviceID
    private let box: Box
    let sampleRate: Int
    let channels: Int
    /// How much later than with ``calibratedFrames`` the sound mixed now is heard, in seconds:
    /// what the players' clocks are set back by (0 for a driver that queues nothing, `dummy`
    /// and `disk`).
    let clockLead: Double
    /// How long after it is mixed the sound is heard with ``calibratedFrames`` (SDL's callback
    /// and the server's queue of as much, 0 for `dummy` and `disk`): what ``clockLead`` leaves
    /// out. Players that open their source keep in step without it (their stamps are the
    /// sender's, measured so); a Janus call's participant, stamped as its media arrive, holds
    /// its pictures by it.
    let calibratedDelay: Double

    /// Opens the default device; throws when there is none.
    init(sampleRate: Int = 48000, channels: Int = 2, render: @escaping Render) throws {
        box = Box(render: render, channels: channels)
        var want = SDL_AudioSpec()
        want.freq = Int32(sampleRate)
        want.format = floatapp_AUDIO_F32SYS()
        want.channels = UInt8(channels)
        want.samples = UInt16(Self.callbackFrames)
        want.userdata = Unmanaged.passUnretained(box).toOpaque()
        want.callback = { userdata, stream, length in
            guard let userdata, let stream else { return }
            let box = Unmanaged<Box>.fromOpaque(userdata).takeUnretainedValue()
            let floats = Int(length) / MemoryLayout<Float>.size
            let buffer = UnsafeMutableRawPointer(stream).bindMemory(to: Float.self, capacity: floats)
            buffer.initialize(repeating: 0, count: floats)
            box.render(buffer, floats / box.channels)
        }
        var have = SDL_AudioSpec()
        let id = SDL_OpenAudioDevice(nil, 0, &want, &have, 0)
        guard id != 0 else { throw SDLError("SDL_OpenAudioDevice") }
        device = id
        self.sampleRate = Int(have.freq)
        self.channels = Int(have.channels)
        let driver = SDL_GetCurrentAudioDriver().map { String(cString: $0) } ?? ""
        let queues = !["dummy", "disk"].contains(driver)
        let added = max(0, Int(have.samples) - Self.calibratedFrames)
        clockLead = queues ? 2 * Double(added) / Double(max(1, have.freq)) : 0
        calibratedDelay = queues ? 2 * Double(min(Int(have.samples), Self.calibratedFrames)) / Double(max(1, have.freq)) : 0
        SDL_PauseAudioDevice(device, 0)
    }

    deinit {
        SDL_CloseAudioDevice(device)
    }
}
