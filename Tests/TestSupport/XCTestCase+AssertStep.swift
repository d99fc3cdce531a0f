import XCTest

extension XCTestCase {
    /// Reduces `action` and asserts its exact effects and the whole new state, which is the
    /// old state changed only by `update`. Returns the effects, for assertions that name them.
    @discardableResult
    public func assertStep<State: Reducer>(
        _ state: inout State,
        _ action: State.Action,
        effects expectedEffects: [State.Effect],
        file: StaticString = #filePath,
        line: UInt = #line,
        changes update: (inout State) -> Void = { _ in }
    ) -> [State.Effect] {
        checkStep(&state, "\(action)", effects: expectedEffects, file: file, line: line, changes: update) {
            $0.reduce(action)
        }
    }

    /// Reduces `action` at `now` and asserts its exact effects and the whole new state, which
    /// is the old state changed only by `update`. Returns the effects, for assertions that name them.
    @discardableResult
    public func assertStep<State: TimedReducer>(
        _ state: inout State,
        _ action: State.Action,
        now: Double,
        effects expectedEffects: [State.Effect],
        file: StaticString = #filePath,
        line: UInt = #line,
        changes update: (inout State) -> Void = { _ in }
    ) -> [State.Effect] {
        checkStep(&state, "\(action) at \(now)", effects: expectedEffects, file: file, line: line, changes: update) {
            $0.reduce(action, now: now)
        }
    }

    private func checkStep<State: Equatable, Effect: Equatable>(
        _ state: inout State,
        _ step: String,
        effects expectedEffects: [Effect],
        file: StaticString,
        line: UInt,
        changes update: (inout State) -> Void,
        reduce: (inout State) -> [Effect]
    ) -> [Effect] {
        var expected = state
        update(&expected)
        let effects = reduce(&state)
        if effects != expectedEffects {
            XCTFail("effects of \(step):\n\(StateDifference(expected: expectedEffects, actual: effects))",
                    file: file, line: line)
        }
        if state != expected {
            XCTFail("state after \(step):\n\(StateDifference(expected: expected, actual: state))", file: file, line: line)
        }
        return effects
    }
}
