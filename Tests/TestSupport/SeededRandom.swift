import Foundation

/// The tests' one seedable random number generator (SplitMix64: small, fast and the same on
/// every platform), so every seeded run, gesture and corrupted file can be replayed.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose whole sequence follows from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// The seed for this run: `$FLOATAPP_SEED` when set (to replay a run), else a fresh one;
    /// printed with `what` so a failure can be replayed.
    public static func runSeed(for what: String) -> UInt64 {
        let given = ProcessInfo.processInfo.environment["FLOATAPP_SEED"].flatMap { UInt64($0) }
        let seed = given ?? UInt64.random(in: 1...UInt64.max)
        print("\(what): FLOATAPP_SEED=\(seed)\(given == nil ? "" : " (from the environment)")")
        return seed
    }
}
