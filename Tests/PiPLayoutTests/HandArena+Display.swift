import PiPLayout

extension HandArena {
    /// The gestures' arena on `display` for a float of `floatSize`: the display's usable area
    /// and its dismiss target.
    init(display: Display, floatSize: Size) {
        let target = DismissTarget(on: display)
        self.init(
            usableX: display.usable.minX, usableY: display.usable.minY, usableWidth: display.usable.width,
            usableHeight: display.usable.height, floatWidth: floatSize.width, floatHeight: floatSize.height,
            dismissX: target.center.x, dismissY: target.center.y,
            dismissReach: DismissTarget.radius * DismissTarget.magnetFactor)
    }
}
