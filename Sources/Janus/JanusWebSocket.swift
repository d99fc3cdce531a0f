import CSoup
import Dispatch
import Foundation
import JanusProtocol

/// Janus's WebSocket API (`ws://`, `wss://`, subprotocol `janus-protocol`) through libsoup 3: one
/// socket, opened at the first text sent and again after it closed; texts sent while it opens
/// wait for it. What Janus sends arrives as text frames; the socket closing is reported.
///
/// Every field but `url` and `connectTimeout` is used on the loop's thread only (`SoupLoop`).
final class JanusWebSocket: @unchecked Sendable {
    let url: String
    private let connectTimeout: Double
    private let soup: FloatAppSoup
    private var listener: Listener?
    private var session: SoupObject?
    private var connection: SoupObject?
    private var opening = false
    private var waiting: [(text: String, sent: @Sendable (JanusError?) -> Void)] = []

    /// What a socket tells its owner: a text Janus sent, or that the socket closed.
    struct Listener {
        let received: @Sendable ([UInt8]) -> Void
        let closed: @Sendable (JanusError) -> Void
    }

    /// A socket to `url`; throws if it is no `ws(s)://host…` URL, or libsoup 3 is not installed.
    init(url: String, connectTimeout: Double) throws(JanusError) {
        guard let parsed = URL(string: url), parsed.host != nil else { throw .badURL(url) }
        guard let library = SoupLibrary.shared else { throw .webSocketUnavailable(url) }
        self.url = url
        self.connectTimeout = connectTimeout
        soup = library.functions
    }

    // An open connection's signal handlers keep the socket, so none is open here.
    deinit {
        guard let session else { return }
        SoupLoop.shared.run { g_object_unref(session.raw) }
    }

    /// Sets who hears what Janus sends and the socket closing.
    func listen(_ listener: Listener) {
        SoupLoop.shared.run { self.listener = listener }
    }

    /// Sends `text`, opening the socket first if it is not open; `sent` is told the error if it
    /// could not be opened.
    func send(_ text: String, sent: @escaping @Sendable (JanusError?) -> Void) {
        SoupLoop.shared.run {
            if let connection = self.connection {
                self.soup.send_text(connection.pointer, text)
                return sent(nil)
            }
            self.waiting.append((text, sent))
            if !self.opening { self.open() }
        }
    }

    /// Closes the socket (a normal closure, not reported).
    func close() {
        SoupLoop.shared.run {
            self.listener = nil
            guard let connection = self.connection else { return }
            self.connection = nil
            self.soup.close(connection.pointer, UInt16(FLOATAPP_SOUP_WEBSOCKET_CLOSE_NORMAL), nil)
            g_object_unref(connection.raw)
        }
    }

    private func open() {
        guard let session = self.session ?? soup.session_new().map(SoupObject.init) else {
            return opened(nil, error: .webSocketUnavailable(url))
        }
        self.session = session
        guard let message = soup.message_new("GET", url) else { return opened(nil, error: .badURL(url)) }
        opening = true
        let cancellable = SoupObject(OpaquePointer(g_cancellable_new()!))
        let protocols = strdup("janus-protocol")
        var list: [UnsafeMutablePointer<CChar>?] = [protocols, nil]
        let context = Unmanaged.passRetained(self).toOpaque()
        soup.websocket_connect_async(session.pointer, message, nil, &list, 0, UnsafeMutablePointer(cancellable.pointer), { _, result, context in
            let socket = Unmanaged<JanusWebSocket>.fromOpaque(context!).takeRetainedValue()
            socket.finishOpening(result)
        }, context)
        free(protocols)
        g_object_unref(UnsafeMutableRawPointer(message))
        DispatchQueue.global().asyncAfter(deadline: .now() + connectTimeout) {
            SoupLoop.shared.run {
                g_cancellable_cancel(UnsafeMutablePointer(cancellable.pointer))
                g_object_unref(cancellable.raw)
            }
        }
    }

    private func finishOpening(_ result: OpaquePointer?) {
        guard let session else { return }
        var error: UnsafeMutablePointer<GError>?
        guard let connection = soup.websocket_connect_finish(session.pointer, result, &error) else {
            let words = error.map { String(cString: $0.pointee.message) } ?? "no WebSocket"
            if let error { g_error_free(error) }
            return opened(nil, error: .transport(words))
        }
        soup.set_max_incoming_payload_size(connection, guint64(JanusDecoder.textLimit))
        let frames = Unmanaged.passRetained(self).toOpaque()
        floatapp_soup_on_message(connection, { _, type, bytes, context in
            guard type == FLOATAPP_SOUP_WEBSOCKET_DATA_TEXT, let bytes, let context else { return }
            Unmanaged<JanusWebSocket>.fromOpaque(context).takeUnretainedValue().received(bytes)
        }, frames, { context, _ in Unmanaged<JanusWebSocket>.fromOpaque(context!).release() })
        let closes = Unmanaged.passRetained(self).toOpaque()
        floatapp_soup_on_closed(connection, { connection, context in
            Unmanaged<JanusWebSocket>.fromOpaque(context!).takeUnretainedValue().closed(connection)
        }, closes, { context, _ in Unmanaged<JanusWebSocket>.fromOpaque(context!).release() })
        opened(SoupObject(connection), error: nil)
    }

    private func opened(_ connection: SoupObject?, error: JanusError?) {
        opening = false
        self.connection = connection
        let waiting = self.waiting
        self.waiting = []
        for (text, sent) in waiting {
            if let connection { soup.send_text(connection.pointer, text) }
            sent(error)
        }
    }

    private func received(_ bytes: OpaquePointer) {
        var size = 0
        guard let data = g_bytes_get_data(bytes, &size) else { return }
        let text = [UInt8](UnsafeRawBufferPointer(start: data, count: size))
        listener?.received(text)
    }

    private func closed(_ closing: OpaquePointer?) {
        guard let connection, connection.pointer == closing else { return }
        self.connection = nil
        g_object_unref(connection.raw)
        listener?.closed(.transport("the WebSocket closed"))
    }
}
