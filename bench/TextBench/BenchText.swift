import CSDL

/// A way of drawing the list's text, as the benchmark compares them.
@MainActor
protocol BenchText: AnyObject {
    /// Characters drawn as boxes so far.
    var boxes: Int { get }
    func beginFrame()
    func lineHeight(size: Int32, bold: Bool) -> Int32
    /// Draws a line with its top-left at (x, y), shortened to `maxWidth` when given.
    func draw(_ text: String, x: Int32, y: Int32, maxWidth: Int32?, size: Int32, bold: Bool, color: SDL_Color)
}

/// A failure that ends the benchmark with a message.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
