import AppCore

/// The app's state is stepped by `assertStep`, in every suite that steps it.
extension AppState: TimedReducer {}
