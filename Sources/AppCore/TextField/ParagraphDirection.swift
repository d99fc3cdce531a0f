/// A paragraph's direction from its first strong character, as the Unicode bidi algorithm
/// (UAX #9) finds a paragraph's level, and as Pango, which lays the field out, finds it too.
///
/// The standard library knows no bidi classes, so a strong character is told by what it is:
/// a letter (or the marks LRM, RLM and ALM) is strong, right to left when it belongs to the
/// blocks of the right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan,
/// Mandaic, Adlam, their presentation forms and the historic right-to-left scripts),
/// left to right otherwise. Digits, punctuation, symbols and spaces are not strong; isolates
/// and embeddings are not looked into.
enum ParagraphDirection {
    /// Whether `text` reads right to left; nil when it has no strong character.
    static func isRightToLeft(_ text: String) -> Bool? {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x200E: return false
            case 0x200F, 0x61C: return true
            default: break
            }
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
                return isRightToLeftBlock(scalar.value)
            default:
                continue
            }
        }
        return nil
    }

    private static func isRightToLeftBlock(_ value: UInt32) -> Bool {
        switch value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        default: false
        }
    }
}
