import CSDL

/// The SDL audio device: float stereo at 48 kHz, filled by a render function on SDL's audio thread.
final class AudioOutput: Sendable {
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

    /// Opens the default device; throws when there is none.
    init(sampleRate: Int = 48000, channels: Int = 2, render: @escaping Render) throws {
        box = Box(render: render, channels: channels)
        var want = SDL_AudioSpec()
        want.freq = Int32(sampleRate)
        want.format = floatapp_AUDIO_F32SYS()
        want.channels = UInt8(channels)
        want.samples = 1024
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
        SDL_PauseAudioDevice(device, 0)
    }

    deinit {
        SDL_CloseAudioDevice(device)
    }
}
