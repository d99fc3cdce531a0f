import CGStreamer
import FFmpeg

/// An appsrc of a pipeline, fed raw pictures or sound.
final class MediaSource: @unchecked Sendable {
    private let element: UnsafeMutablePointer<GstElement>

    init(in pipeline: UnsafeMutablePointer<GstElement>, named name: String) throws(WebRTCError) {
        guard let element = GStreamerRuntime.child(pipeline, named: name) else { throw .missingElement("appsrc") }
        self.element = element
    }

    deinit { gst_object_unref(element) }

    /// Pushes a picture, its planes copied into GStreamer's default I420 layout.
    func push(_ picture: VideoFrame) {
        var info = GstVideoInfo()
        guard gst_video_info_set_format(&info, GST_VIDEO_FORMAT_I420, guint(picture.width), guint(picture.height)) != 0,
              let buffer = gst_buffer_new_allocate(nil, gsize(info.size), nil) else { return }
        var map = GstMapInfo()
        guard gst_buffer_map(buffer, &map, GST_MAP_WRITE) != 0 else { return gst_buffer_unref(buffer) }
        picture.withPlanes { y, u, v in
            let planes = [(y, picture.pitches.y, picture.width, picture.height),
                          (u, picture.pitches.u, picture.width / 2, picture.height / 2),
                          (v, picture.pitches.v, picture.width / 2, picture.height / 2)]
            for (index, plane) in planes.enumerated() {
                let (offset, stride) = withUnsafeBytes(of: info.offset) { offsets in
                    (offsets.load(fromByteOffset: index * MemoryLayout<gsize>.stride, as: gsize.self),
                     withUnsafeBytes(of: info.stride) { $0.load(fromByteOffset: index * MemoryLayout<gint>.stride, as: gint.self) })
                }
                for row in 0..<plane.3 {
                    (map.data + Int(offset) + row * Int(stride)).update(from: plane.0 + row * plane.1, count: plane.2)
                }
            }
        }
        gst_buffer_unmap(buffer, &map)
        gst_app_src_push_buffer(floatapp_GST_APP_SRC(element), buffer)
    }

    /// Pushes interleaved Float32 samples.
    func push(_ samples: [Float]) {
        let bytes = samples.count * MemoryLayout<Float>.size
        guard bytes > 0, let buffer = gst_buffer_new_allocate(nil, gsize(bytes), nil) else { return }
        _ = samples.withUnsafeBytes { gst_buffer_fill(buffer, 0, $0.baseAddress, gsize(bytes)) }
        gst_app_src_push_buffer(floatapp_GST_APP_SRC(element), buffer)
    }
}
