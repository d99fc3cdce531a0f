import CDBus

/// Reads a libdbus message's arguments as `DBusValue`s.
enum DBusMessageReader {
    /// The message's arguments; nil if one has a type FloatApp never accepts (the caller
    /// answers InvalidArgs). Integers other than `u` read as `.int64`.
    static func arguments(of message: OpaquePointer) -> [DBusValue]? {
        var iter = DBusMessageIter()
        guard dbus_message_iter_init(message, &iter) != 0 else { return [] }
        var values: [DBusValue] = []
        repeat {
            guard let value = read(&iter) else { return nil }
            values.append(value)
        } while dbus_message_iter_next(&iter) != 0
        return values
    }

    private static func read(_ iter: inout DBusMessageIter) -> DBusValue? {
        let type = dbus_message_iter_get_arg_type(&iter)
        switch type {
        case DBusTypeCode.string: return .string(readString(&iter))
        case DBusTypeCode.objectPath: return .objectPath(readString(&iter))
        case DBusTypeCode.boolean: return .bool(readBasic(&iter, dbus_bool_t(0)) != 0)
        case DBusTypeCode.double: return .double(readBasic(&iter, 0.0))
        case DBusTypeCode.int64: return .int64(readBasic(&iter, Int64(0)))
        case DBusTypeCode.uint64: return .int64(Int64(truncatingIfNeeded: readBasic(&iter, UInt64(0))))
        case DBusTypeCode.int32: return .int64(Int64(readBasic(&iter, Int32(0))))
        case DBusTypeCode.uint32: return .uint32(readBasic(&iter, UInt32(0)))
        case DBusTypeCode.int16: return .int64(Int64(readBasic(&iter, Int16(0))))
        case DBusTypeCode.uint16: return .int64(Int64(readBasic(&iter, UInt16(0))))
        case DBusTypeCode.byte: return .int64(Int64(readBasic(&iter, UInt8(0))))
        case DBusTypeCode.variant:
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &sub)
            return read(&sub).map { .variant($0) }
        default: return nil
        }
    }

    private static func readBasic<T>(_ iter: inout DBusMessageIter, _ initial: T) -> T {
        var value = initial
        withUnsafeMutablePointer(to: &value) { dbus_message_iter_get_basic(&iter, $0) }
        return value
    }

    private static func readString(_ iter: inout DBusMessageIter) -> String {
        let pointer: UnsafePointer<CChar>? = readBasic(&iter, nil)
        return pointer.map { String(cString: $0) } ?? ""
    }
}
