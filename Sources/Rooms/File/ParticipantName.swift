/// A call participant's name in the form a stream name carries it (R5): URL-safe, one name to
/// one form, and back to the very same name for any Unicode text.
///
/// ASCII letters and digits stay as they are; every other Unicode scalar becomes `_`, its value
/// in lowercase hexadecimal, and `_` again (a space is `_20_`, `_` is `_5f_`, `李` is `_674e_`).
/// The form uses only `A-Z a-z 0-9 _`, so it needs no escaping in an RTMP URL or on nginx-rtmp's
/// statistics page, and never holds the `~` or `.` that separate it from a room's id.
public enum ParticipantName {
    /// The longest encoded form a name may have: nginx-rtmp keeps stream names up to 255 bytes,
    /// and the room's id and the separator share them.
    public static let maximumEncodedLength = 180

    /// The stream-name form of `name`.
    public static func encode(_ name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            if isKept(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                result += "_" + String(scalar.value, radix: 16) + "_"
            }
        }
        return result
    }

    /// The name whose form is `encoded`, or nil when `encoded` is not the form of any name
    /// (a stream someone else named: wrong characters, a bad escape, or a non-canonical one).
    public static func decode(_ encoded: String) -> String? {
        var result = ""
        var scalars = encoded.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if isKept(scalar) {
                result.unicodeScalars.append(scalar)
                continue
            }
            guard scalar == "_" else { return nil }
            var hex = ""
            while let digit = scalars.next(), digit != "_" {
                guard ("0"..."9").contains(digit) || ("a"..."f").contains(digit), hex.count < 6 else { return nil }
                hex.unicodeScalars.append(digit)
            }
            guard !hex.isEmpty, !hex.hasPrefix("0"), let value = UInt32(hex, radix: 16),
                  let decoded = Unicode.Scalar(value), !isKept(decoded) else { return nil }
            result.unicodeScalars.append(decoded)
        }
        // An unterminated escape ends the loop early without a closing `_`: re-encoding catches it.
        return encode(result) == encoded ? result : nil
    }

    /// `name` shortened at a whole grapheme cluster until its encoded form fits.
    public static func fitted(_ name: String) -> String {
        var fitted = name
        while encode(fitted).count > maximumEncodedLength, !fitted.isEmpty { fitted.removeLast() }
        return fitted
    }

    private static func isKept(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}
