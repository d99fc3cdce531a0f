/// A D-Bus value of the few types FloatApp's objects use (MPRIS properties,
/// `org.freedesktop.Application`), free of any bus library.
public enum DBusValue: Equatable, Sendable {
    case string(String)
    case objectPath(String)
    case bool(Bool)
    case double(Double)
    case int64(Int64)
    case uint32(UInt32)
    case stringArray([String])
    /// An `av` array of variants.
    case variants([DBusValue])
    /// An `a{sv}` dictionary, kept in key order so messages are reproducible.
    case dictionary([(key: String, value: DBusValue)])
    /// A variant (`v`) holding a value of any of these types.
    indirect case variant(DBusValue)
    /// A 32-bit signed integer (`i`), as AT-SPI2's indexes, counts and coordinates are.
    case int32(Int32)
    /// A struct of these values, in order (`(so)`, `(iiii)`).
    case structure([DBusValue])
    /// An array whose elements all have the signature `element` (`a(so)`, `au`, `a{ss}`);
    /// an empty one still says its element type.
    case array(element: String, [DBusValue])
    /// A dictionary entry (`{ss}`), an element of a dictionary array.
    indirect case entry(DBusValue, DBusValue)

    /// The value's D-Bus type signature.
    public var signature: String {
        switch self {
        case .string: "s"
        case .objectPath: "o"
        case .bool: "b"
        case .double: "d"
        case .int64: "x"
        case .uint32: "u"
        case .stringArray: "as"
        case .variants: "av"
        case .dictionary: "a{sv}"
        case .variant: "v"
        case .int32: "i"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        case .array(let element, _): "a" + element
        case .entry(let key, let value): "{" + key.signature + value.signature + "}"
        }
    }

    public static func == (a: DBusValue, b: DBusValue) -> Bool {
        switch (a, b) {
        case let (.string(x), .string(y)), let (.objectPath(x), .objectPath(y)): x == y
        case let (.bool(x), .bool(y)): x == y
        case let (.double(x), .double(y)): x == y
        case let (.int64(x), .int64(y)): x == y
        case let (.uint32(x), .uint32(y)): x == y
        case let (.stringArray(x), .stringArray(y)): x == y
        case let (.variant(x), .variant(y)): x == y
        case let (.variants(x), .variants(y)): x == y
        case let (.int32(x), .int32(y)): x == y
        case let (.structure(x), .structure(y)): x == y
        case let (.array(e, x), .array(f, y)): e == f && x == y
        case let (.entry(k, v), .entry(l, w)): k == l && v == w
        case let (.dictionary(x), .dictionary(y)):
            x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }
}
