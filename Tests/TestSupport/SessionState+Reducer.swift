import Session

/// The session model is stepped by `assertStep`.
extension SessionState: Reducer {}
