/// A cache that keeps what was used last within a budget of cost (bytes, say): when an
/// insertion takes it over the budget, the least recently used entries go until it is back
/// under three quarters of it.
///
/// - Complexity: a hit or an insertion is O(1); an eviction sorts the entries once,
///   O(n log n), and frees a quarter of the budget, so its cost spreads over many insertions.
public struct LRUCache<Key: Hashable, Value> {
    private struct Entry {
        var value: Value
        let cost: Int
        var lastUse: UInt64
    }

    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    /// The budget the entries' costs stay within.
    public let budget: Int
    /// The entries' total cost now.
    public private(set) var totalCost = 0

    /// Creates an empty cache with a budget of `budget` (in the unit of the costs).
    public init(budget: Int) {
        self.budget = budget
    }

    /// The number of entries.
    public var count: Int { entries.count }

    /// The value for `key`, marked as used now; nil when absent.
    public mutating func value(for key: Key) -> Value? {
        guard var entry = entries[key] else { return nil }
        clock += 1
        entry.lastUse = clock
        entries[key] = entry
        return entry.value
    }

    /// Keeps `value` for `key` at `cost`, evicting the least recently used entries if the
    /// budget is exceeded (an entry costlier than the whole budget is kept alone).
    public mutating func insert(_ value: Value, for key: Key, cost: Int) {
        clock += 1
        if let old = entries.updateValue(Entry(value: value, cost: cost, lastUse: clock), forKey: key) {
            totalCost -= old.cost
        }
        totalCost += cost
        if totalCost > budget { evict(keeping: key) }
    }

    /// Forgets every entry.
    public mutating func removeAll() {
        entries = [:]
        totalCost = 0
    }

    private mutating func evict(keeping newest: Key) {
        let target = budget * 3 / 4
        for (key, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            guard totalCost > target else { break }
            guard key != newest else { continue }
            entries[key] = nil
            totalCost -= entry.cost
        }
    }
}
