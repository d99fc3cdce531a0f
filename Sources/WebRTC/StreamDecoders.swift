import CGStreamer
import FFmpeg
import LocksAndThreads

/// The decoding branches of a receiving pipeline: one per stream webrtcbin opens, each ending in
/// an appsink whose samples go to the subscriber's callbacks.
final class StreamDecoders: @unchecked Sendable {
    private let pipeline: UnsafeMutablePointer<GstElement>
    private let onPicture: @Sendable (String, VideoFrame) -> Void
    private let onSound: @Sendable (String, [Float]) -> Void
    private let sinks = Guarded<[StreamSink]>([])
    private let failure = Guarded<WebRTCError?>(nil)
    /// When each stream last delivered something (monotonic seconds).
    private let lastMedia = Guarded<[String: Double]>([:])
    /// Each sound stream's level: the root mean square of its samples, smoothed over about 100 ms.
    private let levels = Guarded<[String: Double]>([:])

    init(pipeline: UnsafeMutablePointer<GstElement>, onPicture: @escaping @Sendable (String, VideoFrame) -> Void,
         onSound: @escaping @Sendable (String, [Float]) -> Void) {
        self.pipeline = pipeline
        self.onPicture = onPicture
        self.onSound = onSound
    }

    /// A stream that could not be decoded (an encoding with no branch, or a branch that failed).
    var error: WebRTCError? { failure.withLock { $0 } }

    /// Seconds since stream `mid` last delivered a picture or sound (nil before its first).
    func secondsSinceMedia(_ mid: String) -> Double? {
        lastMedia.withLock { $0[mid] }.map { MonotonicTime.seconds() - $0 }
    }

    /// Stream `mid`'s sound level (root mean square, 0 to 1, over about the last 100 ms; nil
    /// before its first sound), for telling who is speaking.
    func soundLevel(_ mid: String) -> Double? { levels.withLock { $0[mid] } }

    /// Folds a block of sound into its stream's smoothed level.
    private static func fold(_ samples: [Float], into level: Double?) -> Double {
        guard !samples.isEmpty else { return level ?? 0 }
        let power = samples.reduce(0) { $0 + Double($1) * Double($1) } / Double(samples.count)
        let weight = min(1, Double(samples.count / 2) / 4_800)
        let smoothed = (level.map { $0 * $0 } ?? power) * (1 - weight) + power * weight
        return smoothed.squareRoot()
    }

    /// The decoding elements for an RTP encoding (nil: not one FloatApp decodes).
    static func branch(for encoding: String) -> String? {
        let picture = "videoconvert ! video/x-raw,format=I420 ! appsink name=sink sync=false max-buffers=2 drop=true"
        switch encoding.uppercased() {
        case "H264": return "queue ! rtph264depay ! h264parse ! avdec_h264 ! \(picture)"
        case "VP8": return "queue ! rtpvp8depay ! vp8dec ! \(picture)"
        case "OPUS":
            return "queue ! rtpopusdepay ! opusdec plc=true ! audioconvert ! audioresample "
                + "! audio/x-raw,format=F32LE,rate=48000,channels=2,layout=interleaved ! appsink name=sink sync=false"
        default: return nil
        }
    }

    /// Links a new webrtcbin source pad to a decoding branch for its encoding.
    func attach(_ pad: UnsafeMutablePointer<GstPad>) {
        guard gst_pad_get_direction(pad) == GST_PAD_SRC, let caps = gst_pad_get_current_caps(pad) else { return }
        let encoding = floatapp_caps_string(caps, "encoding-name").map { String(cString: $0) } ?? ""
        gst_caps_unref(caps)
        let mid = GStreamerRuntime.takeString(floatapp_webrtc_pad_mid(pad)) ?? ""
        guard let description = Self.branch(for: encoding) else {
            return failure.withLock { $0 = $0 ?? .pipelineFailed("no decoder for \(encoding)") }
        }
        var error: UnsafeMutablePointer<GError>?
        guard let bin = gst_parse_bin_from_description(description, 1, &error) else {
            if let error { g_error_free(error) }
            return failure.withLock { $0 = $0 ?? .missingElement(description) }
        }
        guard let element = floatapp_GST_ELEMENT(bin) else { return }
        gst_bin_add(floatapp_GST_BIN(pipeline), element)
        guard let sinkElement = GStreamerRuntime.child(element, named: "sink"),
              let input = gst_element_get_static_pad(element, "sink") else { return }
        let (onPicture, onSound, lastMedia, levels) = (onPicture, onSound, lastMedia, levels)
        let sink = StreamSink(element: sinkElement, mid: mid, isPicture: encoding.uppercased() != "OPUS",
                              onPicture: { mid, picture in
                                  lastMedia.withLock { $0[mid] = MonotonicTime.seconds() }
                                  onPicture(mid, picture)
                              }, onSound: { mid, samples in
                                  lastMedia.withLock { $0[mid] = MonotonicTime.seconds() }
                                  levels.withLock { $0[mid] = Self.fold(samples, into: $0[mid]) }
                                  onSound(mid, samples)
                              })
        sinks.withLock { $0.append(sink) }
        gst_element_sync_state_with_parent(element)
        if gst_pad_link(pad, input) != GST_PAD_LINK_OK {
            failure.withLock { $0 = $0 ?? .pipelineFailed("stream \(mid) (\(encoding)) could not be linked") }
        }
        gst_object_unref(input)
    }
}
