import CGStreamer
import LocksAndThreads

/// GStreamer's one-time set-up, and the few conversions between its C types and Swift's.
enum GStreamerRuntime {
    private static let initialized = Guarded(false)

    /// Initializes GStreamer once per process (safe from any thread).
    static func ensureInitialized() {
        initialized.withLock { done in
            guard !done else { return }
            gst_init(nil, nil)
            done = true
        }
    }

    /// Builds a pipeline from a gst-launch description; a missing element throws its name.
    static func pipeline(_ description: String) throws(WebRTCError) -> UnsafeMutablePointer<GstElement> {
        ensureInitialized()
        var error: UnsafeMutablePointer<GError>?
        let element = gst_parse_launch(description, &error)
        if let error {
            let message = String(cString: error.pointee.message)
            g_error_free(error)
            if let element { gst_object_unref(element) }
            throw .missingElement(message)
        }
        guard let element, let pipeline = floatapp_gst_in_pipeline(element) else { throw .missingElement(description) }
        return pipeline
    }

    /// The element named `name` inside `bin` (a new reference the caller unrefs), or nil.
    static func child(_ bin: UnsafeMutablePointer<GstElement>, named name: String) -> UnsafeMutablePointer<GstElement>? {
        gst_bin_get_by_name(floatapp_GST_BIN(bin), name)
    }

    /// Takes a g_malloc'ed C string, returning it as Swift text and freeing it.
    static func takeString(_ text: UnsafeMutablePointer<gchar>?) -> String? {
        guard let text else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }
}
