import CDBus

/// Appends `DBusValue`s to a libdbus message through its iterator API.
///
/// libdbus's append calls fail only when memory runs out, which libdbus itself treats as
/// fatal elsewhere; their results are not checked.
enum DBusMessageWriter {
    /// Appends `values` as the message's arguments, in order.
    static func append(_ values: [DBusValue], to message: OpaquePointer) {
        var iter = DBusMessageIter()
        dbus_message_iter_init_append(message, &iter)
        for value in values { append(value, to: &iter) }
    }

    private static func append(_ value: DBusValue, to iter: inout DBusMessageIter) {
        switch value {
        case .string(let s): appendString(s, type: DBusTypeCode.string, to: &iter)
        case .objectPath(let s): appendString(s, type: DBusTypeCode.objectPath, to: &iter)
        case .bool(let b):
            var raw = dbus_bool_t(b ? 1 : 0)
            dbus_message_iter_append_basic(&iter, DBusTypeCode.boolean, &raw)
        case .double(let d):
            var raw = d
            dbus_message_iter_append_basic(&iter, DBusTypeCode.double, &raw)
        case .int64(let x):
            var raw = x
            dbus_message_iter_append_basic(&iter, DBusTypeCode.int64, &raw)
        case .uint32(let x):
            var raw = x
            dbus_message_iter_append_basic(&iter, DBusTypeCode.uint32, &raw)
        case .stringArray(let strings):
            container(DBusTypeCode.array, "s", in: &iter) { sub in
                for s in strings { appendString(s, type: DBusTypeCode.string, to: &sub) }
            }
        case .variants(let values):
            container(DBusTypeCode.array, "v", in: &iter) { sub in
                for value in values { append(.variant(value), to: &sub) }
            }
        case .dictionary(let entries):
            container(DBusTypeCode.array, "{sv}", in: &iter) { array in
                for entry in entries {
                    container(DBusTypeCode.dictEntry, nil, in: &array) { pair in
                        appendString(entry.key, type: DBusTypeCode.string, to: &pair)
                        append(.variant(entry.value), to: &pair)
                    }
                }
            }
        case .int32(let x):
            var raw = x
            dbus_message_iter_append_basic(&iter, DBusTypeCode.int32, &raw)
        case .structure(let fields):
            container(DBusTypeCode.structure, nil, in: &iter) { sub in fields.forEach { append($0, to: &sub) } }
        case .array(let element, let values):
            container(DBusTypeCode.array, element, in: &iter) { sub in values.forEach { append($0, to: &sub) } }
        case .entry(let key, let value):
            container(DBusTypeCode.dictEntry, nil, in: &iter) { pair in
                append(key, to: &pair)
                append(value, to: &pair)
            }
        case .variant(let inner):
            container(DBusTypeCode.variant, inner.signature, in: &iter) { append(inner, to: &$0) }
        }
    }

    private static func appendString(_ s: String, type: Int32, to iter: inout DBusMessageIter) {
        s.withCString { chars in
            var pointer: UnsafePointer<CChar>? = chars
            _ = dbus_message_iter_append_basic(&iter, type, &pointer)
        }
    }

    private static func container(
        _ type: Int32, _ signature: String?, in iter: inout DBusMessageIter,
        _ body: (inout DBusMessageIter) -> Void
    ) {
        var sub = DBusMessageIter()
        if let signature {
            signature.withCString { _ = dbus_message_iter_open_container(&iter, type, $0, &sub) }
        } else {
            dbus_message_iter_open_container(&iter, type, nil, &sub)
        }
        body(&sub)
        dbus_message_iter_close_container(&iter, &sub)
    }
}
