#ifndef FLOATAPP_CSOUP_SHIM_H
#define FLOATAPP_CSOUP_SHIM_H

#include <dlfcn.h>
#include <gio/gio.h>

/* libsoup 3's WebSocket client, as libsoup 3 declares it in libsoup/soup-session.h, soup-message.h and
 * soup-websocket-connection.h. Its headers are in libsoup-3.0-dev, which FloatApp does not require: the
 * library itself (libsoup-3.0-0) comes with gstreamer1.0-plugins-good, and is loaded at first use, so a
 * machine without it only cannot reach Janus's WebSocket API. Its objects are GObjects: they are
 * unreferenced with g_object_unref and their signals connected with g_signal_connect_data. */
typedef struct _SoupSession SoupSession;
typedef struct _SoupMessage SoupMessage;
typedef struct _SoupWebsocketConnection SoupWebsocketConnection;

/** SoupWebsocketDataType's text frames. */
#define FLOATAPP_SOUP_WEBSOCKET_DATA_TEXT 1
/** SoupWebsocketCloseCode's normal closure. */
#define FLOATAPP_SOUP_WEBSOCKET_CLOSE_NORMAL 1000

/** The functions FloatApp calls, found in libsoup-3.0.so.0. */
typedef struct {
    SoupSession *(*session_new)(void);
    SoupMessage *(*message_new)(const char *method, const char *uri_string);
    void (*websocket_connect_async)(SoupSession *session, SoupMessage *msg, const char *origin, char **protocols,
                                    int io_priority, GCancellable *cancellable, GAsyncReadyCallback callback,
                                    gpointer user_data);
    SoupWebsocketConnection *(*websocket_connect_finish)(SoupSession *session, GAsyncResult *result, GError **error);
    void (*send_text)(SoupWebsocketConnection *self, const char *text);
    void (*close)(SoupWebsocketConnection *self, gushort code, const char *data);
    void (*set_max_incoming_payload_size)(SoupWebsocketConnection *self, guint64 max_incoming_payload_size);
} FloatAppSoup;

/** Loads libsoup 3 and fills `soup`; FALSE (and `soup` untouched) when it or one of its functions is missing. */
static inline gboolean floatapp_soup_load(FloatAppSoup *soup) {
    void *library = dlopen("libsoup-3.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) return FALSE;
    FloatAppSoup found = {
        dlsym(library, "soup_session_new"),
        dlsym(library, "soup_message_new"),
        dlsym(library, "soup_session_websocket_connect_async"),
        dlsym(library, "soup_session_websocket_connect_finish"),
        dlsym(library, "soup_websocket_connection_send_text"),
        dlsym(library, "soup_websocket_connection_close"),
        dlsym(library, "soup_websocket_connection_set_max_incoming_payload_size"),
    };
    if (!found.session_new || !found.message_new || !found.websocket_connect_async || !found.websocket_connect_finish ||
        !found.send_text || !found.close || !found.set_max_incoming_payload_size) {
        dlclose(library);
        return FALSE;
    }
    *soup = found;
    return TRUE;
}

/** Connects `callback` to the connection's "message" signal (type, then the frame's bytes); `notify`
 * releases `context` when the connection goes. */
static inline void floatapp_soup_on_message(SoupWebsocketConnection *connection,
                                            void (*callback)(SoupWebsocketConnection *, gint, GBytes *, gpointer),
                                            gpointer context, GClosureNotify notify) {
    g_signal_connect_data(connection, "message", G_CALLBACK(callback), context, notify, 0);
}

/** Connects `callback` to the connection's "closed" signal. */
static inline void floatapp_soup_on_closed(SoupWebsocketConnection *connection,
                                           void (*callback)(SoupWebsocketConnection *, gpointer), gpointer context,
                                           GClosureNotify notify) {
    g_signal_connect_data(connection, "closed", G_CALLBACK(callback), context, notify, 0);
}

#endif
