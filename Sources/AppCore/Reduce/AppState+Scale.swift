
extension AppState {
    /// The main window's size at 1x, in pixels.
    public static let mainWindowSize = (width: 960, height: 600)
    /// The main window's smallest size at 1x, in pixels.
    public static let mainWindowMinimum = (width: 480, height: 320)

    /// The desktop's scale changed: everything is laid out again at the new one without a
    /// restart. The main window grows or shrinks in proportion; the float keeps its corner and
    /// its fraction of the screen (its motion re-settles as for a display change, P13).
    mutating func scaleChanged(_ metrics: UIMetrics, now: Double) -> [AppEffect] {
        let old = environment.metrics.scale
        guard metrics != environment.metrics else { return [] }
        environment.metrics = metrics
        var effects: [AppEffect] = []
        if metrics.scale != old, old > 0, main.width > 0, main.height > 0 {
            let ratio = metrics.scale / old
            effects.append(.resizeMainWindow(
                width: Int((Double(main.width) * ratio).rounded()), height: Int((Double(main.height) * ratio).rounded()),
                minimumWidth: metrics.px(Self.mainWindowMinimum.width),
                minimumHeight: metrics.px(Self.mainWindowMinimum.height)))
        }
        if float.visible { effects += sendMotion(.displaysChanged(displays), now: now) }
        return effects
    }
}
