import Foundation

/// Text folded for a search that ignores case and accents: Unicode case folding (ß is ss, Σ and
/// ς are σ), diacritics removed (é is e, İ is i, a combining accent goes), full-width forms made
/// plain (Ａ is a). Other scripts are kept as they are, so Chinese, Japanese, Korean or Arabic
/// text is found by substring.
///
/// ASCII, most of any list, is folded here byte by byte; any other scalar is folded by
/// Foundation alone (its ICU folding, one scalar at a time) and remembered in `memo`, which one
/// pass over a long list shares: folding 100,000 titles a scalar at a time through Foundation
/// took 2 s, most of it for the same few hundred scalars.
struct SearchFolding {
    private var memo: [UInt32: String] = [:]

    /// The blocks of combining diacritical marks, which folding drops when they stand alone
    /// (a decomposed "e" and acute accent folds as "e").
    private static func isCombiningDiacritic(_ value: UInt32) -> Bool {
        switch value {
        case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: true
        default: false
        }
    }

    /// `text` folded.
    mutating func fold(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                let lower = value >= 0x41 && value <= 0x5A ? value + 0x20 : value
                out.unicodeScalars.append(Unicode.Scalar(UInt8(lower)))
            } else if let folded = memo[value] {
                out += folded
            } else {
                let folded = Self.isCombiningDiacritic(value) ? ""
                    : String(scalar).folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
                memo[value] = folded
                out += folded
            }
        }
        return out
    }
}
