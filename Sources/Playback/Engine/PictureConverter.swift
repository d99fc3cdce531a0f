import CFFmpeg
import LocksAndThreads

/// Converts a session's decoded pictures to YUV420P at the size shown, on the thread that first
/// asks for a picture's pixels (the painter, when it uploads it): a picture superseded before
/// anyone looks at it is never converted. Decoded pictures larger than 720p are converted as
/// they are queued instead: holding up to four decoded 1080p pictures until their upload cost
/// the float 8 MB of peak RSS (122 against 114 MB), and a float's painter takes every picture.
/// One per session, shared by its ``VideoFrame``s; its swscale context and its totals sit behind
/// its own lock, never taken with the session's.
///
/// `@unchecked Sendable`: the scaler and totals are reached only inside `guarded.withLock`.
final class PictureConverter: @unchecked Sendable {
    /// What the converter has done so far.
    struct Totals {
        /// Pictures converted.
        var converted = 0
        /// Times the swscale context was built.
        var scalerBuilds = 0
    }

    private let guarded = Guarded((scaler: Scaler(filter: .areaWhenShrinking), totals: Totals()))

    /// The largest decoded picture, in pixels, kept unconverted until its pixels are asked for.
    static let largestHeldPicture = 1280 * 720

    /// A picture to queue from the decoded `frame`, whose data it takes (leaving `frame` empty):
    /// converted when its pixels are first asked for, or now if `frame` is larger than
    /// ``largestHeldPicture``.
    func picture(taking frame: Frame, layout: VideoFrame.Layout, pts: Double, serial: Int, isStill: Bool) -> VideoFrame {
        if frame.width * frame.height > Self.largestHeldPicture {
            return VideoFrame(layout: layout, storage: pixels(of: frame, layout: layout), pts: pts, serial: serial,
                              isStill: isStill)
        }
        let decoded = Frame()
        av_frame_move_ref(decoded.pointer, frame.pointer)
        return VideoFrame(layout: layout, decoded: decoded, converter: self, pts: pts, serial: serial, isStill: isStill)
    }

    /// The totals now.
    var totals: Totals { guarded.withLock { $0.totals } }

    /// `frame` converted to `layout`'s size, or a black picture if swscale refuses it.
    func pixels(of frame: Frame, layout: VideoFrame.Layout) -> [UInt8] {
        guarded.withLock { state in
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
    }
}
