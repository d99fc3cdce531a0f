import Session
import TestSupport

/// The session model is stepped by `assertStep`.
extension SessionState: Reducer {}
