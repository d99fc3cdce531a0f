import TextLayout
import XCTest

final class LRUCacheTests: XCTestCase {
    func testStaysWithinItsBudgetAndKeepsWhatWasUsedLast() {
        var cache = LRUCache<Int, String>(budget: 100)
        for i in 0..<10 { cache.insert("v\(i)", for: i, cost: 10) }
        XCTAssertEqual(cache.totalCost, 100)
        XCTAssertEqual(cache.value(for: 0), "v0")
        cache.insert("v10", for: 10, cost: 10)
        XCTAssertLessThanOrEqual(cache.totalCost, 75)
        XCTAssertEqual(cache.value(for: 0), "v0", "used last, so kept")
        XCTAssertEqual(cache.value(for: 10), "v10", "inserted last, so kept")
        XCTAssertNil(cache.value(for: 1), "used least recently, so evicted")
    }

    func testReplacingAnEntryCountsItsCostOnce() {
        var cache = LRUCache<String, Int>(budget: 50)
        cache.insert(1, for: "a", cost: 30)
        cache.insert(2, for: "a", cost: 20)
        XCTAssertEqual(cache.totalCost, 20)
        XCTAssertEqual(cache.count, 1)
    }

    func testAnEntryOverTheBudgetIsKeptAlone() {
        var cache = LRUCache<Int, Int>(budget: 10)
        cache.insert(1, for: 1, cost: 5)
        cache.insert(2, for: 2, cost: 50)
        XCTAssertEqual(cache.count, 1)
        XCTAssertEqual(cache.value(for: 2), 2)
        cache.removeAll()
        XCTAssertEqual(cache.totalCost, 0)
    }
}
