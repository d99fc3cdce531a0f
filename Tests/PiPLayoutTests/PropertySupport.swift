import Foundation

/// A small, fast, seedable PRNG (SplitMix64), so a failing property run can be replayed.
struct PropertyRandom: RandomNumberGenerator {
    /// Number of random cases each property checks.
    static let cases = 10_000

    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The generator for a property: seeded by `FLOATAPP_SEED` when set, else freshly; the
    /// seed is printed either way.
    static func seeded(for property: String) -> PropertyRandom {
        let seed = ProcessInfo.processInfo.environment["FLOATAPP_SEED"].flatMap { UInt64($0) }
            ?? UInt64.random(in: 0...UInt64.max)
        print("\(property): FLOATAPP_SEED=\(seed)")
        return PropertyRandom(seed: seed)
    }

    mutating func double(_ range: ClosedRange<Double>) -> Double {
        Double.random(in: range, using: &self)
    }

    mutating func pick<T>(_ values: [T]) -> T {
        values[Int.random(in: 0..<values.count, using: &self)]
    }
}
