import CSDL
import Foundation
import TextLayout

// The text benchmark's worker: paints FloatApp's room list of 1,001 mixed-script rooms with one
// text engine, first at the top (the first paint: from the process's start, SDL's start and the
// window included, and from the window being ready; its CPU time is every thread's from the
// process's start, as Pango's fonts load beside SDL's start) and then scrolled to the end one wheel step
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
    let list = BenchList(rooms: rooms, scale: scale, width: Int32(960 * scale), height: Int32(600 * scale))
    // As FloatApp: the fonts load while SDL starts, with the list's first screen laid out.
    let loader = engine == "ttf" ? nil : TextEngineLoader(samples: list.firstScreen, scale: scale)
    SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software")
    guard SDL_Init(SDL_INIT_VIDEO) == 0 else { throw BenchError("SDL_Init: \(String(cString: SDL_GetError()))") }
    guard let window = SDL_CreateWindow("textbench", 0, 0, list.width, list.height, SDL_WINDOW_SHOWN.rawValue),
          let renderer = SDL_CreateRenderer(window, -1, 0) else { throw BenchError("no window: \(String(cString: SDL_GetError()))") }
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    var event = SDL_Event()
    while SDL_PollEvent(&event) != 0 {}
    let ready = now()
    let text: BenchText = if let loader {
        PangoText(engine: loader.engine(), renderer: renderer, scale: scale)
    } else {
        try TTFText(renderer: renderer, scale: scale)
    }
    _ = list.paint(renderer, text, scroll: 0)
    SDL_RenderPresent(renderer)
    let painted = now()
    let firstPaint = painted - ready, firstPaintCPU = cpuMilliseconds()
    let step = list.px(48)
    var frames: [Double] = [], textTimes: [Double] = []
    var scroll: Int32 = 0
    let limit = Int(options["frames"] ?? "") ?? Int.max
    while scroll < list.maxScroll, frames.count < limit {
        scroll = min(list.maxScroll, scroll + step)
        let t = now()
        while SDL_PollEvent(&event) != 0 {}
        textTimes.append(list.paint(renderer, text, scroll: scroll))
        SDL_RenderPresent(renderer)
        frames.append(now() - t)
    }
    let sorted = frames.sorted(), textSorted = textTimes.sorted()
    func pct(_ p: Double, _ sorted: [Double] = sorted) -> Double {
        sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }
    let fields: [String: Any] = [
        "engine": engine, "scale": scale, "rooms": rooms, "setup_ms": ready - start, "first_paint_ms": firstPaint, "start_to_first_paint_ms": painted - start,
        "first_paint_cpu_ms": firstPaintCPU,
        "frames": frames.count, "frame_ms_median": pct(0.5), "frame_ms_p95": pct(0.95), "frame_ms_max": sorted.last ?? 0,
        "frames_over_16_7_ms": frames.filter { $0 > 1000 / 60 }.count, "boxes": text.boxes,
        "text_ms_median": pct(0.5, textSorted), "text_ms_p95": pct(0.95, textSorted), "text_ms_max": textSorted.last ?? 0,
        "peak_rss_kb": Int(ProcessInfo.processInfo.environment["TEXTBENCH_NO_RSS"] == nil ? peakRSS() : 0),
    ]
    let data = try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
    SDL_DestroyRenderer(renderer)
    SDL_DestroyWindow(window)
    SDL_Quit()
}

/// The CPU time all the process's threads have used, in milliseconds: what work costs, which
/// a busy machine's scheduling does not change as much as it changes wall time.
func cpuMilliseconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
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
