import CSDL
import Foundation

// The text benchmark's worker: paints FloatApp's room list of 1,001 mixed-script rooms with one
// text engine, first at the top (the first paint) and then scrolled to the end one wheel step
// (48 px at 1x) per frame, and prints one JSON line of timings. bench/text.py runs it for
// both engines in turn on a private Xvfb.
// Usage: textbench --engine ttf|pango [--rooms N] [--scale S] [--frames N]

@MainActor
func run() throws {
    var options: [String: String] = [:]
    var args = CommandLine.arguments.dropFirst()
    while let flag = args.popFirst() {
        guard flag.hasPrefix("--"), let value = args.popFirst() else { throw BenchError("usage: textbench --engine ttf|pango") }
        options[String(flag.dropFirst(2))] = value
    }
    let engine = options["engine"] ?? "pango"
    let scale = Double(options["scale"] ?? "1") ?? 1
    let rooms = Int(options["rooms"] ?? "1001") ?? 1001
    let now = { Double(DispatchTime.now().uptimeNanoseconds) / 1e6 }
    let start = now()
    SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software")
    guard SDL_Init(SDL_INIT_VIDEO) == 0 else { throw BenchError("SDL_Init: \(String(cString: SDL_GetError()))") }
    let list = BenchList(rooms: rooms, scale: scale, width: Int32(960 * scale), height: Int32(600 * scale))
    guard let window = SDL_CreateWindow("textbench", 0, 0, list.width, list.height, SDL_WINDOW_SHOWN.rawValue),
          let renderer = SDL_CreateRenderer(window, -1, 0) else { throw BenchError("no window: \(String(cString: SDL_GetError()))") }
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    var event = SDL_Event()
    while SDL_PollEvent(&event) != 0 {}
    let ready = now()
    let text: BenchText = engine == "ttf" ? try TTFText(renderer: renderer, scale: scale) : PangoText(renderer: renderer, scale: scale)
    list.paint(renderer, text, scroll: 0)
    SDL_RenderPresent(renderer)
    let firstPaint = now() - ready
    let step = list.px(48)
    var frames: [Double] = []
    var scroll: Int32 = 0
    let limit = Int(options["frames"] ?? "") ?? Int.max
    while scroll < list.maxScroll, frames.count < limit {
        scroll = min(list.maxScroll, scroll + step)
        let t = now()
        while SDL_PollEvent(&event) != 0 {}
        list.paint(renderer, text, scroll: scroll)
        SDL_RenderPresent(renderer)
        frames.append(now() - t)
    }
    let sorted = frames.sorted()
    func pct(_ p: Double) -> Double { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
    let fields: [String: Any] = [
        "engine": engine, "scale": scale, "rooms": rooms, "setup_ms": ready - start, "first_paint_ms": firstPaint,
        "frames": frames.count, "frame_ms_median": pct(0.5), "frame_ms_p95": pct(0.95), "frame_ms_max": sorted.last ?? 0,
        "frames_over_16_7_ms": frames.filter { $0 > 1000 / 60 }.count, "boxes": text.boxes,
        "peak_rss_kb": Int(ProcessInfo.processInfo.environment["TEXTBENCH_NO_RSS"] == nil ? peakRSS() : 0),
    ]
    let data = try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
    SDL_DestroyRenderer(renderer)
    SDL_DestroyWindow(window)
    SDL_Quit()
}

/// The process's peak resident set in KiB.
func peakRSS() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss
}

do {
    try MainActor.assumeIsolated { try run() }
} catch {
    FileHandle.standardError.write(Data("textbench: \(error)\n".utf8))
    exit(1)
}
