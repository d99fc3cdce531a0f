import CDBus

/// libdbus's type codes (`DBUS_TYPE_*`, macros Swift cannot import).
enum DBusTypeCode {
    static let string = code("s")
    static let objectPath = code("o")
    static let boolean = code("b")
    static let double = code("d")
    static let int64 = code("x")
    static let int32 = code("i")
    static let uint32 = code("u")
    static let int16 = code("n")
    static let uint16 = code("q")
    static let byte = code("y")
    static let uint64 = code("t")
    static let array = code("a")
    static let variant = code("v")
    static let dictEntry = code("e")
    /// A struct's type code in a message (its signature writes it as parentheses).
    static let structure = code("r")
    static let invalid = Int32(0)

    private static func code(_ c: Unicode.Scalar) -> Int32 { Int32(c.value) }
}
