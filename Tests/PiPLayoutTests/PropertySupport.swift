import Foundation
import TestSupport

/// The properties' seedable generator (the tests' SplitMix64), so a failing run can be replayed.
struct PropertyRandom: RandomNumberGenerator {
    /// Number of random cases each property checks.
    static let cases = 10_000

    private var base: SeededRandom

    init(seed: UInt64) {
        base = SeededRandom(seed: seed)
    }

    mutating func next() -> UInt64 {
        base.next()
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
