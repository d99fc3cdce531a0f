/// Room titles in the scripts FloatApp's users write, each with the script it shows; none is
/// wider than a list row at 1x.
public enum MultilingualTitles {
    public static let byScript: [(script: String, title: String)] = [
        ("Han", "周末直播：城市夜景与美食"),
        ("Kana", "カタカナとひらがなのライブ配信"),
        ("Hangul", "한국어 라이브 방송 오늘 밤"),
        ("Arabic", "البث المباشر من المدينة الليلة"),
        ("Hebrew", "שידור חי מהעיר הלילה"),
        ("Devanagari", "हिन्दी में सीधा प्रसारण क्षेत्र"),
        ("Thai", "ถ่ายทอดสดภาษาไทยคืนนี้"),
        ("Cyrillic", "Прямой эфир из Москвы"),
        ("Greek", "Ζωντανή μετάδοση από την Αθήνα"),
        ("Emoji", "Family 👨‍👩‍👧‍👦 party 👍🏽👋🏿 🏳️‍🌈 🧑🏻‍💻"),
        ("Combining", "Cafe\u{301} Nguye\u{302}\u{303}n Z\u{324}\u{342}alg\u{30C}o"),
        ("Bidi", "Live: البث 2026 — שידור"),
    ]

    /// The scripts whose titles read right to left.
    public static var rightToLeft: Set<String> { ["Arabic", "Hebrew"] }
}
