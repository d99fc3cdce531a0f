import LocksAndThreads

/// Opens a ``TextEngine`` on a thread of its own and lays out the first lines the UI will
/// show, so that loading fontconfig's configuration, sorting the fallback fonts for each style
/// and opening the fonts of each script overlap the app's other start-up work instead of
/// delaying its first paint.
///
/// The engine is not `Sendable` (Pango asks that its objects be used by one thread at a time):
/// the loader's thread makes and uses it, then hands it over in a ``ThreadConfined`` box that
/// only the thread calling ``engine()`` opens.
public final class TextEngineLoader: Sendable {
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

    private let loader: ResultThread<ThreadConfined<TextEngine>>

    /// Starts loading at `scale`; `samples` are laid out and drawn in the order given.
    /// `rightToLeft` is the UI's direction (see ``TextEngine/init(family:fallback:rightToLeft:)``).
    public init(family: String = "sans-serif", samples: [Sample], scale: Double, rightToLeft: Bool = false) {
        loader = ResultThread(name: "text-engine-loader") {
            let engine = TextEngine(family: family, rightToLeft: rightToLeft)
            for s in samples {
                _ = engine.layout(s.text, size: s.size, weight: s.weight, scale: scale).render(TextColor(r: 255, g: 255, b: 255))
            }
            return ThreadConfined(engine)
        }
    }

    /// The engine, once loaded (waits for the loader's thread); call it once.
    public func engine() -> TextEngine {
        loader.result().take()
    }
}
