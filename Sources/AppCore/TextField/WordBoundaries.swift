/// A text's words and what lies between them, for word steps and double clicks.
///
/// Foundation on Linux offers no word segmentation (`enumerateSubstrings(options: .byWords)`
/// is unavailable in swift-corelibs-foundation), so these are the default word boundaries of
/// Unicode's UAX #29 without a dictionary, over grapheme clusters (which already keep marks,
/// ZWJ sequences and flags whole), from the standard library's character properties:
/// - letters and digits in a row are one word (WB5, WB8-WB10), joined by `_` and other
///   connectors (WB13a, WB13b), by an apostrophe, a period or a middle dot between letters
///   (WB6, WB7: `don't`, `e.g`) and by a period, comma or semicolon between digits (WB11,
///   WB12: `3.14`, `1,000`); a colon joins nothing, as in ICU (`http:` stays apart);
/// - Katakana in a row is one word (WB13); each Han ideograph and each Hiragana is a word of
///   its own, as no dictionary says where Chinese or Japanese words end;
/// - Thai, Lao, Khmer and Burmese letters in a row count as one word (UAX #29 leaves them to a
///   dictionary; a run is closer to what a reader expects than a step per letter);
/// - spaces in a row are one segment (WB3d); any other character (punctuation, symbols,
///   emoji) is a segment alone. Neither is a word.
struct WordBoundaries {
    /// A piece of the text, as offsets of its `Character`s.
    struct Segment: Equatable {
        var range: Range<Int>
        var isWord: Bool
    }

    private enum Kind: Equatable {
        case letter, digit, connector, midLetter, midDigit, midBoth, katakana, ideograph, space, other

        var isWordPart: Bool { self == .letter || self == .digit || self == .connector }
    }

    /// The text's segments in order, covering it.
    let segments: [Segment]

    /// The segments of `characters`.
    init(_ characters: [Character]) {
        let kinds = characters.map(Self.kind)
        var segments: [Segment] = []
        var start = 0
        while start < kinds.count {
            let end = Self.segmentEnd(from: start, kinds)
            let kind = kinds[start]
            segments.append(Segment(range: start..<end, isWord: kind.isWordPart || kind == .katakana || kind == .ideograph))
            start = end
        }
        self.segments = segments
    }

    /// The end of the word the offset is in or of the next one; the text's end when none follows.
    func wordEnd(after offset: Int) -> Int {
        segments.first { $0.isWord && $0.range.upperBound > offset }?.range.upperBound ?? segments.last?.range.upperBound ?? 0
    }

    /// The start of the word the offset is in or of the one before; 0 when none precedes.
    func wordStart(before offset: Int) -> Int {
        segments.last { $0.isWord && $0.range.lowerBound < offset }?.range.lowerBound ?? 0
    }

    /// The segment holding the character at `offset` (the last one at the text's end): what a
    /// double click there selects.
    func segment(at offset: Int) -> Range<Int> {
        segments.first { $0.range.contains(offset) }?.range ?? segments.last?.range ?? offset..<offset
    }

    private static func segmentEnd(from start: Int, _ kinds: [Kind]) -> Int {
        var end = start + 1
        switch kinds[start] {
        case .letter, .digit, .connector:
            while end < kinds.count {
                if kinds[end].isWordPart {
                    end += 1
                } else if end + 1 < kinds.count, joins(kinds[end - 1], kinds[end], kinds[end + 1]) {
                    end += 2
                } else {
                    break
                }
            }
        case .katakana:
            while end < kinds.count, kinds[end] == .katakana || kinds[end] == .connector { end += 1 }
        case .space:
            while end < kinds.count, kinds[end] == .space { end += 1 }
        default:
            break
        }
        return end
    }

    /// Whether `middle` between `before` and `after` keeps them one word (WB6, WB7, WB11, WB12).
    private static func joins(_ before: Kind, _ middle: Kind, _ after: Kind) -> Bool {
        switch middle {
        case .midLetter: before == .letter && after == .letter
        case .midDigit: before == .digit && after == .digit
        case .midBoth: (before == .letter && after == .letter) || (before == .digit && after == .digit)
        default: false
        }
    }

    /// A character's part in a word, from its first scalar.
    private static func kind(_ character: Character) -> Kind {
        guard let scalar = character.unicodeScalars.first else { return .other }
        let properties = scalar.properties
        switch scalar.value {
        case 0x27, 0x2E, 0x2018, 0x2019, 0x2024, 0xFE52, 0xFF07, 0xFF0E: return .midBoth
        case 0xB7, 0x387, 0x5F4, 0x2027, 0xFE13: return .midLetter
        case 0x2C, 0x3B, 0x37E, 0x589, 0x60C, 0x60D, 0x66C, 0x7F8, 0x2044, 0xFE10, 0xFE14, 0xFE50, 0xFE54, 0xFF0C, 0xFF1B:
            return .midDigit
        case 0x3040...0x309F: return .ideograph
        case 0x30A0...0x30FF, 0x31F0...0x31FF, 0x32D0...0x32FE, 0x3300...0x3357, 0xFF66...0xFF9F: return .katakana
        default: break
        }
        if properties.isWhitespace { return .space }
        if properties.generalCategory == .connectorPunctuation { return .connector }
        if properties.isIdeographic { return .ideograph }
        if properties.generalCategory == .decimalNumber { return .digit }
        if properties.isAlphabetic { return .letter }
        return .other
    }
}
