import Localization
import Session

/// A font as views use it: a size in unscaled pixels and a weight.
public struct TextStyle: Hashable, Sendable {
    /// The size in unscaled pixels.
    public var size: Int
    /// Whether the bold face is used.
    public var bold: Bool

    /// Creates a style.
    public init(size: Int, bold: Bool = false) {
        self.size = size
        self.bold = bold
    }
}

/// What layout needs to know about the screen and the fonts, measured once by the shell
/// so that layout stays pure: the UI scale and the widths of the fixed labels that
/// place controls.
public struct UIMetrics: Hashable, Sendable {
    /// UI scale as the desktop publishes it (`Xft.dpi` 96 is 1, `GDK_SCALE`, `FLOATAPP_SCALE`).
    public var scale: Double
    /// Widths in pixels of the labels in ``UIMetrics/labels``.
    public private(set) var labelWidths: [LabelKey: Int]
    /// The widest of the room list's status pill labels, in pixels: every list layout (two
    /// for each event the app handles) reads it, so it is found once, with the widths.
    public private(set) var widestStatus: Int

    /// A fixed label and the style it is drawn in.
    public struct LabelKey: Hashable, Sendable {
        /// The text.
        public var text: String
        /// Its style.
        public var style: TextStyle

        /// Creates a key.
        public init(_ text: String, _ style: TextStyle) {
            self.text = text
            self.style = style
        }
    }

    /// Every fixed label whose width places a control; the shell measures each one.
    public static var labels: [LabelKey] {
        [
            LabelKey(retry, TextStyle(size: 15, bold: true)),
            LabelKey(playAgain, TextStyle(size: 15, bold: true)),
            LabelKey(live, TextStyle(size: 11, bold: true)),
            LabelKey(onAir, TextStyle(size: 11, bold: true)),
            LabelKey(appTitle, appTitleStyle),
        ] + [CallLayout.tile, .spotlight, .sidebar].map { LabelKey($0.title, TextStyle(size: 13)) }
            + RoomRowModel.Status.allCases.map { LabelKey($0.label, RoomRowModel.Status.style) }
    }

    /// The app's name at the head of the list; the search field starts after it.
    public static let appTitle = "FloatApp"
    /// The style the app's name is drawn in.
    public static let appTitleStyle = TextStyle(size: 24, bold: true)

    /// The Retry button's label.
    public static var retry: String { tr("Retry") }
    /// The Retry button's label under a recording's end (D8): it plays the recording again from its start.
    public static var playAgain: String { tr("Play again") }
    /// The badge of a live room that plays.
    public static var live: String { tr("LIVE") }
    /// The badge of a room the user broadcasts.
    public static var onAir: String { tr("ON AIR") }

    /// Creates metrics; `measure` gives a label's width in pixels at this scale.
    public init(scale: Double, measure: (String, TextStyle) -> Int) {
        self.scale = scale
        var widths: [LabelKey: Int] = [:]
        for key in Self.labels { widths[key] = measure(key.text, key.style) }
        labelWidths = widths
        widestStatus = RoomRowModel.Status.allCases.map { widths[LabelKey($0.label, RoomRowModel.Status.style)] ?? 0 }.max() ?? 0
    }

    /// Scales a length in unscaled pixels.
    public func px(_ v: Int) -> Int { Int((Double(v) * scale).rounded()) }

    /// The measured width of a fixed label (0 for a label not in ``labels``).
    public func width(_ text: String, _ style: TextStyle) -> Int {
        labelWidths[LabelKey(text, style)] ?? 0
    }
}
