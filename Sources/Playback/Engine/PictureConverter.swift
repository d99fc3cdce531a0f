import CFFmpeg
import FFmpeg
import LocksAndThreads

/// Converts a session's decoded pictures to YUV420P at the size shown, on the decoding thread
/// as each is queued: the painter on the main thread only uploads and draws (SPEC D1), and a
/// picture waits in the queue at its shown size, not its decoded one (four decoded 1080p
/// pictures are 12 MB). A picture that comes too late to be shown is dropped before it is
/// converted. One per session; its swscale context and its totals sit behind its own lock,
/// never taken with the session's.
final class PictureConverter: Sendable {
    /// What the converter has done so far.
    struct Totals {
        /// Pictures converted.
        var converted = 0
        /// Times the swscale context was built.
        var scalerBuilds = 0
    }

    private let guarded = Guarded((scaler: Scaler(filter: .areaWhenShrinking), totals: Totals()))

    /// The totals now.
    var totals: Totals { guarded.withLock { $0.totals } }

    /// `frame` converted to `layout`'s size as a picture to queue, or a black picture if swscale
    /// refuses it.
    func picture(from frame: Frame, layout: VideoFrame.Layout, pts: Double, serial: Int, isStill: Bool) -> VideoFrame {
        let storage = guarded.withLock { state in
            var scaled = false
            let storage = [UInt8](unsafeUninitializedCapacity: layout.byteCount) { buffer, count in
                scaled = state.scaler.scale(frame, into: buffer.baseAddress!, layout: layout)
                count = layout.byteCount
            }
            state.totals.scalerBuilds = state.scaler.buildCount
            guard scaled else { return layout.black }
            state.totals.converted += 1
            return storage
        }
        return VideoFrame(layout: layout, storage: storage, pts: pts, serial: serial, isStill: isStill,
                          matrix: frame.convertedMatrix)
    }

    /// `frame` as a picture for a renderer that scales on the GPU: its own planes when it is
    /// YUV420P, else converted to YUV420P at `layout`'s size (its shown size).
    func decodedPicture(from frame: Frame, layout: VideoFrame.Layout, pts: Double, serial: Int, isStill: Bool) -> VideoFrame {
        guard frame.isPlanar420 else { return picture(from: frame, layout: layout, pts: pts, serial: serial, isStill: isStill) }
        return VideoFrame(decoded: frame, pts: pts, serial: serial, isStill: isStill, matrix: frame.decodedMatrix)
    }
}
