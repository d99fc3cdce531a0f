import CFFmpeg
import Glibc

/// One-time setup of the FFmpeg libraries: only fatal errors on stderr until
/// ``FFmpegLog/follow(_:)`` says otherwise, and the input devices when a source needs one.
package enum FFmpegRuntime {
    /// Sets FFmpeg's log level once; safe to call from any thread.
    package static func ensureInitialized() { _ = initialized }

    private static let initialized: Bool = {
        av_log_set_level(AV_LOG_FATAL)
        return true
    }()

    /// Loads libavdevice and registers its input devices (lavfi, v4l2, x11grab, pulse, alsa)
    /// once; safe to call from any thread. The library is opened, not linked: it pulls in
    /// libavfilter and about 55 more libraries, whose loading cost every start about 0.1 s of
    /// CPU (an empty program linked with them against one without), and a file or network
    /// source never uses them.
    ///
    /// The app calls this on its main thread when the rooms it reads may open a device (at
    /// start, before its first window, and when the rooms file changes), not when a device
    /// source first opens: while the dynamic loader maps and relocates those libraries it
    /// holds its lock, and every thread that starts a thread or looks up a type meanwhile
    /// waits for it; loaded beside a drag on a busy machine, the float stopped following the
    /// pointer for seconds. A source opening calls it too, for whatever was not loaded ahead.
    package static func ensureDevices() throws(FFmpegError) {
        if let failure = devices { throw failure }
    }

    /// The library's file name: the soname of the libavdevice FloatApp was built against.
    static let deviceLibrary = "libavdevice.so.\(LIBAVDEVICE_VERSION_MAJOR)"

    /// nil once the devices are registered; the error if the library could not be loaded.
    private static let devices: FFmpegError? = {
        ensureInitialized()
        guard let library = dlopen(deviceLibrary, RTLD_NOW | RTLD_GLOBAL),
              let register = dlsym(library, "avdevice_register_all")
        else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            return FFmpegError(operation: "load \(deviceLibrary) (\(reason))", code: floatapp_AVERROR(ENOSYS))
        }
        unsafeBitCast(register, to: (@convention(c) () -> Void).self)()
        return nil
    }()
}
