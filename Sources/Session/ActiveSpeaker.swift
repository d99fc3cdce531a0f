/// The call participant shown as speaking, held so it does not flicker (W4).
///
/// The loudest participant above ``silenceLevel`` takes over only after it has
/// led for ``holdTime`` seconds without interruption. Time enters as the
/// measurement time in seconds.
public struct ActiveSpeaker: Hashable, Sendable {
    /// How long a new loudest participant must lead before it becomes the speaker.
    public static let holdTime = 1.0
    /// Levels below this (dBFS) count as silence and never take over.
    public static let silenceLevel = -60.0

    /// A participant leading the current speaker, and since when.
    public struct Challenger: Hashable, Sendable {
        /// The participant's index in the call.
        public var index: Int
        /// When it first led, in seconds.
        public var since: Double

        /// Creates a challenger.
        public init(index: Int, since: Double) {
            self.index = index
            self.since = since
        }
    }

    /// The participant index shown as speaking, nil before anyone spoke.
    public var current: Int?
    /// The participant that leads now but has not yet held for ``holdTime``.
    public var challenger: Challenger?

    /// Creates a speaker state; by default nobody has spoken.
    public init(current: Int? = nil, challenger: Challenger? = nil) {
        self.current = current
        self.challenger = challenger
    }

    /// The participants are now `new` (by stream): the speaker and the challenger keep their
    /// person, and are forgotten when that person left.
    public mutating func remap(from old: [String], to new: [String]) {
        func moved(_ index: Int) -> Int? { old.indices.contains(index) ? new.firstIndex(of: old[index]) : nil }
        current = current.flatMap(moved)
        challenger = challenger.flatMap { c in moved(c.index).map { Challenger(index: $0, since: c.since) } }
    }

    /// Takes one round of levels (dBFS by participant index) measured at `time`.
    public mutating func update(at time: Double, levels: [Int: Double]) {
        guard let loudest = Self.loudest(in: levels) else {
            challenger = nil
            return
        }
        guard let current, loudest != current else {
            self.current = loudest
            challenger = nil
            return
        }
        if let challenger, challenger.index == loudest {
            if time - challenger.since >= Self.holdTime {
                self.current = loudest
                self.challenger = nil
            }
        } else {
            challenger = Challenger(index: loudest, since: time)
        }
    }

    /// The loudest index above silence; ties go to the lower index.
    private static func loudest(in levels: [Int: Double]) -> Int? {
        levels
            .filter { !$0.value.isNaN && $0.value >= silenceLevel }
            .min { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }?
            .key
    }
}
