import Foundation

/// Opens a ``TextEngine`` on a thread of its own and lays out the first lines the UI will
/// show, so that loading fontconfig's configuration, sorting the fallback fonts for each style
/// and opening the fonts of each script overlap the app's other start-up work instead of
/// delaying its first paint.
///
/// `@unchecked Sendable`: the engine is made and used only by the loader's thread until the
/// semaphore is signalled, and only by the thread that calls ``engine()`` after it, so it is
/// never used by two threads at once (Pango asks no more of its objects).
public final class TextEngineLoader: @unchecked Sendable {
    /// A line to lay out and draw ahead of time.
    public struct Sample: Sendable {
        public let text: String
        public let size: Int
        public let weight: FontWeight

        /// Creates a sample in a style.
        public init(_ text: String, size: Int, weight: FontWeight = .regular) {
            self.text = text
            self.size = size
            self.weight = weight
        }
    }

    private let done = DispatchSemaphore(value: 0)
    private var loaded: TextEngine?

    /// Starts loading at `scale`; `samples` are laid out and drawn in the order given.
    /// `rightToLeft` is the UI's direction (see ``TextEngine/init(family:fallback:rightToLeft:)``).
    public init(family: String = "sans-serif", samples: [Sample], scale: Double, rightToLeft: Bool = false) {
        let thread = Thread { [self] in
            let engine = TextEngine(family: family, rightToLeft: rightToLeft)
            for s in samples {
                _ = engine.layout(s.text, size: s.size, weight: s.weight, scale: scale).render(TextColor(r: 255, g: 255, b: 255))
            }
            loaded = engine
            done.signal()
        }
        thread.name = "text-engine-loader"
        thread.start()
    }

    /// The engine, once loaded (waits for the loader's thread); call it once.
    public func engine() -> TextEngine {
        done.wait()
        return loaded!
    }
}
