import CGStreamer
import FFmpeg

/// One stream's appsink: turns each decoded sample into a ``VideoFrame`` or Float32 samples.
final class StreamSink: @unchecked Sendable {
    private let element: UnsafeMutablePointer<GstElement>
    let mid: String
    private let isPicture: Bool
    private let onPicture: @Sendable (String, VideoFrame) -> Void
    private let onSound: @Sendable (String, [Float]) -> Void
    /// Pictures delivered so far (touched by the stream's one streaming thread only).
    private var serial = 0

    init(element: UnsafeMutablePointer<GstElement>, mid: String, isPicture: Bool,
         onPicture: @escaping @Sendable (String, VideoFrame) -> Void, onSound: @escaping @Sendable (String, [Float]) -> Void) {
        self.element = element
        self.mid = mid
        self.isPicture = isPicture
        self.onPicture = onPicture
        self.onSound = onSound
        var callbacks = GstAppSinkCallbacks()
        callbacks.new_sample = { sink, context in
            guard let sink, let context else { return GST_FLOW_OK }
            let owner = Unmanaged<StreamSink>.fromOpaque(context).takeUnretainedValue()
            if let sample = gst_app_sink_pull_sample(sink) {
                owner.deliver(sample)
                gst_sample_unref(sample)
            }
            return GST_FLOW_OK
        }
        gst_app_sink_set_callbacks(floatapp_GST_APP_SINK(element), &callbacks, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    deinit { gst_object_unref(element) }

    private func deliver(_ sample: OpaquePointer) {
        guard let buffer = gst_sample_get_buffer(sample) else { return }
        var map = GstMapInfo()
        guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { return }
        defer { gst_buffer_unmap(buffer, &map) }
        if isPicture {
            var info = GstVideoInfo()
            guard let caps = gst_sample_get_caps(sample), gst_video_info_from_caps(&info, caps) != 0 else { return }
            serial += 1
            let pts = buffer.pointee.pts == floatapp_GST_CLOCK_TIME_NONE() ? 0 : Double(buffer.pointee.pts) / 1e9
            onPicture(mid, Self.frame(from: map.data, info: info, pts: pts, serial: serial))
        } else {
            let count = Int(map.size) / MemoryLayout<Float>.size
            let samples = UnsafeRawPointer(map.data).withMemoryRebound(to: Float.self, capacity: count) {
                Array(UnsafeBufferPointer(start: $0, count: count))
            }
            onSound(mid, samples)
        }
    }

    /// Copies an I420 picture in GStreamer's layout into a ``VideoFrame``'s.
    static func frame(from data: UnsafeMutablePointer<guint8>, info: GstVideoInfo, pts: Double, serial: Int) -> VideoFrame {
        let width = Int(info.width), height = Int(info.height)
        let layout = VideoFrame.Layout(width: width, height: height)
        var storage = [UInt8](repeating: 0, count: layout.byteCount)
        let targets = [(layout.offsets.y, layout.pitches.y, width, height),
                       (layout.offsets.u, layout.pitches.u, width / 2, height / 2),
                       (layout.offsets.v, layout.pitches.v, width / 2, height / 2)]
        withUnsafeBytes(of: info.offset) { offsets in
            withUnsafeBytes(of: info.stride) { strides in
                storage.withUnsafeMutableBufferPointer { out in
                    for (index, target) in targets.enumerated() {
                        let offset = Int(offsets.load(fromByteOffset: index * MemoryLayout<gsize>.stride, as: gsize.self))
                        let stride = Int(strides.load(fromByteOffset: index * MemoryLayout<gint>.stride, as: gint.self))
                        for row in 0..<target.3 {
                            (out.baseAddress! + target.0 + row * target.1)
                                .update(from: data + offset + row * stride, count: target.2)
                        }
                    }
                }
            }
        }
        return VideoFrame(layout: layout, storage: storage, pts: pts, serial: serial)
    }
}
