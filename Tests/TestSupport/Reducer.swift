/// A state that changes only by reducing actions into effects, as the session model does;
/// ``XCTest/XCTestCase/assertStep(_:_:effects:file:line:changes:)`` steps it.
public protocol Reducer: Equatable {
    associatedtype Action
    associatedtype Effect: Equatable

    /// Applies `action` and returns the effects, in order.
    mutating func reduce(_ action: Action) -> [Effect]
}

/// A state reduced at a time given with each action, as the app's state is;
/// ``XCTest/XCTestCase/assertStep(_:_:now:effects:file:line:changes:)`` steps it.
public protocol TimedReducer: Equatable {
    associatedtype Action
    associatedtype Effect: Equatable

    /// Applies `action` at time `now` and returns the effects, in order.
    mutating func reduce(_ action: Action, now: Double) -> [Effect]
}
