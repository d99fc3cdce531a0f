import Foundation

/// A small, fast, seedable PRNG (SplitMix64), so a failing property run can be replayed.
struct SplitMix64: RandomNumberGenerator {
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

    /// The seed for a property: `FLOATAPP_SEED` when set, else a fresh one; printed either way.
    static func seeded(for property: String) -> SplitMix64 {
        let seed = ProcessInfo.processInfo.environment["FLOATAPP_SEED"].flatMap { UInt64($0) }
            ?? UInt64.random(in: 0...UInt64.max)
        print("\(property): FLOATAPP_SEED=\(seed)")
        return SplitMix64(seed: seed)
    }
}

extension RandomNumberGenerator {
    mutating func double(_ range: ClosedRange<Double>) -> Double {
        Double.random(in: range, using: &self)
    }

    mutating func signed(_ magnitude: ClosedRange<Double>) -> Double {
        let value = double(magnitude)
        return Bool.random(using: &self) ? value : -value
    }

    mutating func pick<T>(_ values: [T]) -> T {
        values[Int.random(in: 0..<values.count, using: &self)]
    }
}

/// Number of random cases each property checks.
let propertyCases = 10_000
