import CSDL
import Foundation

/// Passes a frame's text calls to an engine and adds up the time they take.
@MainActor
final class TimedText: BenchText {
    private let text: BenchText
    /// The milliseconds spent in the engine so far.
    private(set) var milliseconds = 0.0

    init(_ text: BenchText) { self.text = text }

    var boxes: Int { text.boxes }

    func beginFrame() { text.beginFrame() }

    func lineHeight(size: Int32, bold: Bool) -> Int32 { text.lineHeight(size: size, bold: bold) }

    func draw(_ string: String, x: Int32, y: Int32, maxWidth: Int32?, size: Int32, bold: Bool, color: SDL_Color) {
        let start = DispatchTime.now().uptimeNanoseconds
        text.draw(string, x: x, y: y, maxWidth: maxWidth, size: size, bold: bold, color: color)
        milliseconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }
}
