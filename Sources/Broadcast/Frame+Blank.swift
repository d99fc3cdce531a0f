import CFFmpeg
import FFmpeg

extension Frame {
    /// Paints a YUV 4:2:0 picture plain dark grey in place: what a call participant sends while
    /// their camera is off (W10), so the stream and its key frames go on, at almost no bitrate.
    func blank() {
        // A picture shared with the capture's decoder gets a buffer of its own first.
        guard av_frame_make_writable(pointer) >= 0 else { return }
        let frame = pointer.pointee
        let height = Int(frame.height)
        let pitches = [frame.linesize.0, frame.linesize.1, frame.linesize.2].map { Int(abs($0)) }
        let planes = [frame.data.0, frame.data.1, frame.data.2]
        for (plane, (value, rows)) in [(Int32(32), height), (128, (height + 1) / 2), (128, (height + 1) / 2)].enumerated() {
            guard let data = planes[plane] else { continue }
            memset(data, value, pitches[plane] * rows)
        }
    }
}
