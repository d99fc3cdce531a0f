import CSDL
import TextLayout

/// The room list as FloatApp paints it (rows 64 px high with 8 px between, under a 64 px
/// header; a title, a detail line and a status pill per row), with 1,001 titles in a dozen
/// scripts, each one different.
@MainActor
struct BenchList {
    static let sizes: [Int32] = [13, 15, 24]
    static let scripts = [
        "周末直播：城市夜景与美食", "カタカナとひらがなのライブ配信", "한국어 라이브 방송 오늘 밤",
        "البث المباشر من المدينة الليلة", "שידור חי מהעיר הלילה", "हिन्दी में सीधा प्रसारण क्षेत्र",
        "ถ่ายทอดสดภาษาไทยคืนนี้", "Прямой эфир из Москвы", "Ζωντανή μετάδοση από την Αθήνα",
        "Family 👨‍👩‍👧‍👦 party 👍🏽👋🏿", "Café Nguyễn — Z̤͂algǒ", "Morning news from the harbour, live with guests and a long tail",
    ]

    let titles: [String]
    let scale: Double
    let width: Int32
    let height: Int32

    init(rooms: Int, scale: Double, width: Int32, height: Int32) {
        titles = (0..<rooms).map { i in
            let words = Self.scripts[i % Self.scripts.count].split(separator: " ").map(String.init)
            let turn: Int = (i / Self.scripts.count) % words.count
            let rotated: [String] = Array(words[turn...]) + Array(words[..<turn])
            return rotated.joined(separator: " ") + " \(i + 1)"
        }
        self.scale = scale
        self.width = width
        self.height = height
    }

    /// What FloatApp lays out while SDL starts: the header, a row's labels and the first titles.
    var firstScreen: [TextEngineLoader.Sample] {
        [TextEngineLoader.Sample("FloatApp", size: 24, weight: .bold), TextEngineLoader.Sample("Live stream · Audience", size: 13),
         TextEngineLoader.Sample("Idle", size: 13, weight: .bold)]
            + titles.prefix(12).map { TextEngineLoader.Sample($0, size: 15, weight: .bold) }
    }

    func px(_ v: Int32) -> Int32 { Int32((Double(v) * scale).rounded()) }

    /// The scroll offset at which the last row is in view.
    var maxScroll: Int32 { Int32(titles.count) * (px(64) + px(8)) + px(16) - (height - px(64)) }

    /// Paints one frame of the list scrolled by `scroll` pixels; returns the milliseconds its
    /// text took (laid out, drawn, uploaded, copied), the rest being rectangles.
    func paint(_ r: OpaquePointer, _ text: BenchText, scroll: Int32) -> Double {
        let timed = TimedText(text)
        text.beginFrame()
        SDL_SetRenderDrawColor(r, 0x12, 0x14, 0x18, 255)
        SDL_RenderClear(r)
        let pad = px(16), rowH = px(64), span = px(64) + px(8), top = px(64) + pad / 2
        let first = max(0, Int((scroll - rowH) / span))
        var i = first
        while i < titles.count {
            let y = top + Int32(i) * span - scroll
            if y > height { break }
            if y + rowH >= px(64) { paintRow(r, timed, i, SDL_Rect(x: pad, y: y, w: width - 2 * pad, h: rowH)) }
            i += 1
        }
        SDL_SetRenderDrawColor(r, 0x12, 0x14, 0x18, 255)
        var header = SDL_Rect(x: 0, y: 0, w: width, h: px(64))
        SDL_RenderFillRect(r, &header)
        let light = SDL_Color(r: 0xec, g: 0xee, b: 0xf2, a: 255), dim = SDL_Color(r: 0x9a, g: 0xa1, b: 0xae, a: 255)
        timed.draw("FloatApp", x: pad, y: (px(64) - text.lineHeight(size: 24, bold: true)) / 2, maxWidth: nil,
                  size: 24, bold: true, color: light)
        timed.draw("\(titles.count) rooms", x: width - pad - px(80), y: (px(64) - text.lineHeight(size: 13, bold: false)) / 2,
                  maxWidth: nil, size: 13, bold: false, color: dim)
        return timed.milliseconds
    }

    private func paintRow(_ r: OpaquePointer, _ text: BenchText, _ i: Int, _ rect: SDL_Rect) {
        SDL_SetRenderDrawColor(r, 0x1c, 0x1f, 0x26, 255)
        var row = rect
        SDL_RenderFillRect(r, &row)
        let tx = rect.x + px(16) + (rect.h - px(24)) + px(14)
        let pillW = px(116)
        let maxW = rect.x + rect.w - tx - pillW - px(24)
        let light = SDL_Color(r: 0xec, g: 0xee, b: 0xf2, a: 255), dim = SDL_Color(r: 0x9a, g: 0xa1, b: 0xae, a: 255)
        text.draw(titles[i], x: tx, y: rect.y + px(11), maxWidth: maxW, size: 15, bold: true, color: light)
        text.draw(i % 3 == 0 ? "Call · 4 participants · Audience" : "Live stream · Audience", x: tx, y: rect.y + px(35),
                  maxWidth: maxW, size: 13, bold: false, color: dim)
        let pillH = px(26)
        text.draw("Idle", x: rect.x + rect.w - pillW - px(16) + px(26),
                  y: rect.y + (rect.h - pillH) / 2 + (pillH - text.lineHeight(size: 13, bold: true)) / 2,
                  maxWidth: nil, size: 13, bold: true, color: dim)
    }
}
