import Foundation

/// The properties' seedable generator (the tests' SplitMix64), so a failing run can be replayed.
public struct PropertyRandom: RandomNumberGenerator {
    /// Number of random cases each property checks.
    public static let cases = 10_000

    private var base: SeededRandom

    public init(seed: UInt64) {
        base = SeededRandom(seed: seed)
    }

    public mutating func next() -> UInt64 {
        base.next()
    }

    /// The generator for a property: seeded by `FLOATAPP_SEED` when set, else freshly; the
    /// seed is printed either way.
    public static func seeded(for property: String) -> PropertyRandom {
        let seed = ProcessInfo.processInfo.environment["FLOATAPP_SEED"].flatMap { UInt64($0) }
            ?? UInt64.random(in: 0...UInt64.max)
        print("\(property): FLOATAPP_SEED=\(seed)")
        return PropertyRandom(seed: seed)
    }

    public mutating func double(_ range: ClosedRange<Double>) -> Double {
        Double.random(in: range, using: &self)
    }

    public mutating func pick<T>(_ values: [T]) -> T {
        values[Int.random(in: 0..<values.count, using: &self)]
    }
}
