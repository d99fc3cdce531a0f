import CDBus

/// Reads a libdbus message's arguments as `DBusValue`s.
enum DBusMessageReader {
    /// The message's arguments; nil if one has a type FloatApp never accepts (the caller
    /// answers InvalidArgs). Integers other than `u` read as `.int64`; of arrays, `as`, `av`
    /// and `a{sv}` are read, and a dictionary's entries whose value is of another type (a
    /// byte string, a structure) are left out.
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
        case DBusTypeCode.array: return readArray(&iter)
        default: return nil
        }
    }

    /// An `as`, `av` or `a{sv}` array; nil for an array of any other type.
    private static func readArray(_ iter: inout DBusMessageIter) -> DBusValue? {
        let element = dbus_message_iter_get_element_type(&iter)
        var sub = DBusMessageIter()
        dbus_message_iter_recurse(&iter, &sub)
        var strings: [String] = [], variants: [DBusValue] = [], entries: [(key: String, value: DBusValue)] = []
        while dbus_message_iter_get_arg_type(&sub) != DBusTypeCode.invalid {
            switch element {
            case DBusTypeCode.string: strings.append(readString(&sub))
            case DBusTypeCode.variant:
                guard case .variant(let value)? = read(&sub) else { return nil }
                variants.append(value)
            case DBusTypeCode.dictEntry:
                guard let entry = readEntry(&sub) else { return nil }
                if let value = entry.value { entries.append((entry.key, value)) }
            default: return nil
            }
            dbus_message_iter_next(&sub)
        }
        switch element {
        case DBusTypeCode.string: return .stringArray(strings)
        case DBusTypeCode.variant: return .variants(variants)
        default: return .dictionary(entries)
        }
    }

    /// A `{sv}` entry: its key and its variant's value (nil when of a type not read); nil for
    /// an entry of another type.
    private static func readEntry(_ iter: inout DBusMessageIter) -> (key: String, value: DBusValue?)? {
        var pair = DBusMessageIter()
        dbus_message_iter_recurse(&iter, &pair)
        guard dbus_message_iter_get_arg_type(&pair) == DBusTypeCode.string else { return nil }
        let key = readString(&pair)
        guard dbus_message_iter_next(&pair) != 0, dbus_message_iter_get_arg_type(&pair) == DBusTypeCode.variant else { return nil }
        guard case .variant(let value)? = read(&pair) else { return (key, nil) }
        return (key, value)
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
