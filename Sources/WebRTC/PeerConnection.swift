import CGStreamer
import Glibc
import LocksAndThreads

/// One GStreamer pipeline around a webrtcbin named `webrtc`: descriptions in and out, the
/// connection's state, and the pipeline's errors. webrtcbin does ICE, DTLS-SRTP, RTP, the jitter
/// buffer and RTCP feedback; this only drives it.
final class PeerConnection: @unchecked Sendable {
    let pipeline: UnsafeMutablePointer<GstElement>
    let webrtc: UnsafeMutablePointer<GstElement>
    private let failure = Guarded<WebRTCError?>(nil)
    private let closed = Guarded(false)
    /// Seconds after the remote description within which the connection must come up.
    let connectTimeout: Double
    /// When the remote description was applied, until the connection first came up.
    private let connectDeadline = Guarded<Double?>(nil)

    /// webrtcbin's property values for its ICE gathering state.
    private static let gatheringComplete: Int32 = 2

    init(description: String, connectTimeout: Double) throws(WebRTCError) {
        self.connectTimeout = connectTimeout
        pipeline = try GStreamerRuntime.pipeline(description)
        guard let webrtc = GStreamerRuntime.child(pipeline, named: "webrtc") else {
            gst_object_unref(pipeline)
            throw .missingElement("webrtcbin")
        }
        self.webrtc = webrtc
    }

    deinit {
        stop()
        gst_object_unref(webrtc)
        gst_object_unref(pipeline)
    }

    /// Sets the pipeline playing and starts watching its bus for errors.
    func start() throws(WebRTCError) {
        guard gst_element_set_state(pipeline, GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE else {
            throw .pipelineFailed("the pipeline did not start")
        }
        NamedThread.start("floatapp.webrtc.bus") { [self] in watchBus() }
    }

    /// Stops the pipeline (its streaming threads are gone when this returns).
    func stop() {
        let wasClosed = closed.withLock { value in
            defer { value = true }
            return value
        }
        guard !wasClosed else { return }
        gst_element_set_state(pipeline, GST_STATE_NULL)
    }

    /// The connection's state; `.failed` once the pipeline reported an error or the connection
    /// did not come up within ``connectTimeout`` of the remote description.
    var state: PeerState {
        if closed.withLock({ $0 }) { return .closed }
        if failure.withLock({ $0 }) != nil { return .failed }
        let state = PeerState(peerConnectionState: floatapp_object_enum(webrtc, "connection-state"))
        if state == .failed { fail(.connectionFailed) }
        let overdue = connectDeadline.withLock { deadline in
            if state == .connected { deadline = nil }
            return deadline.map { MonotonicTime.seconds() > $0 } ?? false
        }
        guard overdue else { return state }
        fail(.connectTimedOut(seconds: connectTimeout))
        return .failed
    }

    /// The first error: the pipeline's, or a connection that never came up.
    var error: WebRTCError? {
        _ = state
        return failure.withLock { $0 }
    }

    /// Keeps `error` as the peer's failure unless it already has one.
    func fail(_ error: WebRTCError) {
        failure.withLock { $0 = $0 ?? error }
    }

    /// Applies the remote side's offer or answer.
    func setRemote(_ sdp: String, type: GstWebRTCSDPType) throws(WebRTCError) {
        guard floatapp_webrtc_set_description(webrtc, 1, type, sdp) != 0 else { throw .refusedDescription(sdp) }
        connectDeadline.withLock { $0 = $0 ?? MonotonicTime.seconds() + connectTimeout }
    }

    /// Makes an offer (or the answer to the remote offer), sets it as the local description and
    /// waits up to `timeout` seconds for ICE gathering, so that the SDP returned carries every
    /// local candidate (signalled with `trickle: false`).
    func createLocal(offer: Bool, timeout: Double) throws(WebRTCError) -> String {
        guard let description = floatapp_webrtc_create(webrtc, offer ? 1 : 0) else { throw .noDescription }
        let type = description.pointee.type
        let text = GStreamerRuntime.takeString(floatapp_webrtc_description_text(description)) ?? ""
        floatapp_webrtc_description_free(description)
        guard floatapp_webrtc_set_description(webrtc, 0, type, text) != 0 else { throw .refusedDescription(text) }
        let deadline = MonotonicTime.seconds() + timeout
        while floatapp_object_enum(webrtc, "ice-gathering-state") != Self.gatheringComplete {
            guard MonotonicTime.seconds() < deadline else { throw .gatheringTimedOut }
            usleep(10_000)
        }
        guard let sdp = GStreamerRuntime.takeString(floatapp_webrtc_local_sdp(webrtc)) else { throw .noDescription }
        return sdp
    }

    /// Adds a candidate the remote side trickled for media line `mline`.
    func addCandidate(_ candidate: String, mline: UInt32) {
        floatapp_webrtc_add_candidate(webrtc, mline, candidate)
    }

    /// Reads the bus until the pipeline stops, keeping the first error.
    private func watchBus() {
        guard let bus = gst_element_get_bus(pipeline) else { return }
        defer { gst_object_unref(bus) }
        while !closed.withLock({ $0 }) {
            let types = GstMessageType(rawValue: GST_MESSAGE_ERROR.rawValue)
            guard let message = gst_bus_timed_pop_filtered(bus, 100_000_000, types) else { continue }
            var error: UnsafeMutablePointer<GError>?
            gst_message_parse_error(message, &error, nil)
            let text = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            gst_message_unref(message)
            fail(.pipelineFailed(text))
        }
    }
}
