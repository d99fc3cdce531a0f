import LocksAndThreads

/// Converts a session's decoded pictures to YUV420P at the size shown, on the thread that first
/// asks for a picture's pixels (the painter, when it uploads it): a picture superseded before
/// anyone looks at it is never converted. One per session, shared by its ``VideoFrame``s; its
/// swscale context and its totals sit behind its own lock, never taken with the session's.
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
