#ifndef FLOATAPP_CGSTREAMER_SHIM_H
#define FLOATAPP_CGSTREAMER_SHIM_H

#include <gst/gst.h>
#include <gst/app/gstappsrc.h>
#include <gst/app/gstappsink.h>
#include <gst/video/video.h>
#include <gst/sdp/sdp.h>

/* webrtcbin's session description, as GStreamer 1.x defines it in gst/webrtc/rtcsessiondescription.h.
 * That header is in Debian 12's libgstreamer-plugins-bad1.0-dev, which depends on libopencv-dev: about
 * 190 packages and 120 MB that a build of FloatApp would install for one struct and one enum. The
 * boxed type is found by name once webrtcbin has registered it, and freed through GLib's boxed API,
 * so FloatApp needs no link to libgstwebrtc either: webrtcbin's plugin loads it. */
typedef enum {
    GST_WEBRTC_SDP_TYPE_OFFER = 1,
    GST_WEBRTC_SDP_TYPE_PRANSWER,
    GST_WEBRTC_SDP_TYPE_ANSWER,
    GST_WEBRTC_SDP_TYPE_ROLLBACK
} GstWebRTCSDPType;

typedef struct {
    GstWebRTCSDPType type;
    GstSDPMessage *sdp;
} GstWebRTCSessionDescription;

/** The session description's boxed type; 0 before any webrtcbin was made. */
static inline GType floatapp_webrtc_description_type(void) {
    return g_type_from_name("GstWebRTCSessionDescription");
}

/** Frees a description webrtcbin handed out or floatapp_webrtc_set_description made (its SDP too). */
static inline void floatapp_webrtc_description_free(GstWebRTCSessionDescription *description) {
    GType type = floatapp_webrtc_description_type();
    if (type != 0) {
        g_boxed_free(type, description);
    } else {
        gst_sdp_message_free(description->sdp);
        g_free(description);
    }
}

/* What Swift cannot call itself: GObject's signals and variadic getters, and a few macros. */

/** Connects `callback` to webrtcbin's (or any element's) "pad-added" signal. */
static inline void floatapp_gst_on_pad_added(GstElement *element, void (*callback)(GstElement *, GstPad *, gpointer),
                                             gpointer context) {
    g_signal_connect_data(element, "pad-added", G_CALLBACK(callback), context, NULL, 0);
}

/** Runs webrtcbin's "create-offer" (offer true) or "create-answer" and waits for the description;
 * NULL when webrtcbin refused (a description it cannot answer). */
static inline GstWebRTCSessionDescription *floatapp_webrtc_create(GstElement *webrtc, gboolean offer) {
    GstPromise *promise = gst_promise_new();
    g_signal_emit_by_name(webrtc, offer ? "create-offer" : "create-answer", NULL, promise);
    GstWebRTCSessionDescription *description = NULL;
    if (gst_promise_wait(promise) == GST_PROMISE_RESULT_REPLIED) {
        const GstStructure *reply = gst_promise_get_reply(promise);
        if (reply && gst_structure_has_field_typed(reply, offer ? "offer" : "answer", floatapp_webrtc_description_type()))
            gst_structure_get(reply, offer ? "offer" : "answer", floatapp_webrtc_description_type(), &description, NULL);
    }
    gst_promise_unref(promise);
    return description;
}

/** Sets webrtcbin's local (remote false) or remote description from SDP text and waits until it
 * is applied; FALSE when the text is not SDP, has no media line, or webrtcbin refused it. */
static inline gboolean floatapp_webrtc_set_description(GstElement *webrtc, gboolean remote, GstWebRTCSDPType type,
                                                       const char *sdp) {
    GstSDPMessage *message = NULL;
    if (gst_sdp_message_new_from_text(sdp, &message) != GST_SDP_OK) return FALSE;
    /* GStreamer's parser takes any text, skipping what is no SDP line; a description without a
     * media line is none a call can use (and its ICE would never gather). */
    if (gst_sdp_message_medias_len(message) == 0) {
        gst_sdp_message_free(message);
        return FALSE;
    }
    /* Allocated as GStreamer allocates it (g_new0), so the boxed type's free function frees it. */
    GstWebRTCSessionDescription *description = g_new0(GstWebRTCSessionDescription, 1);
    description->type = type;
    description->sdp = message;
    GstPromise *promise = gst_promise_new();
    g_signal_emit_by_name(webrtc, remote ? "set-remote-description" : "set-local-description", description, promise);
    gboolean applied = gst_promise_wait(promise) == GST_PROMISE_RESULT_REPLIED;
    const GstStructure *reply = applied ? gst_promise_get_reply(promise) : NULL;
    if (reply && gst_structure_has_field(reply, "error")) applied = FALSE;
    gst_promise_unref(promise);
    floatapp_webrtc_description_free(description);
    return applied;
}

/** The SDP text of a description (free it with g_free). */
static inline gchar *floatapp_webrtc_description_text(GstWebRTCSessionDescription *description) {
    return gst_sdp_message_as_text(description->sdp);
}

/** webrtcbin's current local description as SDP text, candidates included (g_free it); NULL before one is set. */
static inline gchar *floatapp_webrtc_local_sdp(GstElement *webrtc) {
    GstWebRTCSessionDescription *description = NULL;
    g_object_get(webrtc, "local-description", &description, NULL);
    if (!description) return NULL;
    gchar *text = gst_sdp_message_as_text(description->sdp);
    floatapp_webrtc_description_free(description);
    return text;
}

/** Adds a remote ICE candidate ("candidate:..." text) for the media line `mline`. */
static inline void floatapp_webrtc_add_candidate(GstElement *webrtc, guint mline, const char *candidate) {
    g_signal_emit_by_name(webrtc, "add-ice-candidate", mline, candidate);
}

/** An enum property of an object as an int (webrtcbin's "ice-gathering-state", "connection-state"...). */
static inline gint floatapp_object_enum(gpointer object, const char *name) {
    gint value = 0;
    g_object_get(object, name, &value, NULL);
    return value;
}

/** The media id (mid) of the transceiver behind one of webrtcbin's pads (g_free it); NULL if none. */
static inline gchar *floatapp_webrtc_pad_mid(GstPad *pad) {
    GObject *transceiver = NULL;
    g_object_get(pad, "transceiver", &transceiver, NULL);
    if (!transceiver) return NULL;
    gchar *mid = NULL;
    g_object_get(transceiver, "mid", &mid, NULL);
    gst_object_unref(transceiver);
    return mid;
}

/** The caps' first structure's string field, or NULL (owned by the caps). */
static inline const gchar *floatapp_caps_string(GstCaps *caps, const char *field) {
    return gst_structure_get_string(gst_caps_get_structure(caps, 0), field);
}

/** `element` itself when it is a pipeline, else a new pipeline holding it (gst_parse_launch gives one
 * element alone, not a pipeline, for a description of one element). */
static inline GstElement *floatapp_gst_in_pipeline(GstElement *element) {
    if (GST_IS_PIPELINE(element)) return element;
    GstElement *pipeline = gst_pipeline_new(NULL);
    gst_bin_add(GST_BIN(pipeline), element);
    return pipeline;
}

static inline GstClockTime floatapp_GST_CLOCK_TIME_NONE(void) { return GST_CLOCK_TIME_NONE; }
static inline GstElement *floatapp_GST_ELEMENT(gpointer p) { return GST_ELEMENT(p); }
static inline GstBin *floatapp_GST_BIN(gpointer p) { return GST_BIN(p); }
static inline GstAppSrc *floatapp_GST_APP_SRC(gpointer p) { return GST_APP_SRC(p); }
static inline GstAppSink *floatapp_GST_APP_SINK(gpointer p) { return GST_APP_SINK(p); }

#endif
