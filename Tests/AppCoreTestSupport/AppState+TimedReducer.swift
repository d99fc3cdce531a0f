import AppCore
import TestSupport

/// The app's state is stepped by `assertStep`, in every suite that steps it.
extension AppState: TimedReducer {}
