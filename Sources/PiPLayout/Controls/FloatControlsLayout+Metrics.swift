extension FloatControlsLayout {
    /// Sizes in pixels for one float size and scale, and the row fitting.
    struct Metrics {
        let size: Size
        let margin: Double
        let gap: Double
        let button: Double
        let leaveWidth: Double
        let volumeMinimum: Double
        let volumeMaximum: Double
        let nameMinimum: Double
        let twoRows: Bool

        init(size: Size, scale: Double) {
            self.size = size
            margin = 6 * scale
            gap = 6 * scale
            let small = size.width < 240 * scale
            button = min((small ? 26 : 32) * scale, size.height - 2 * margin)
            leaveWidth = (small ? 56 : 64) * scale
            volumeMinimum = 56 * scale
            volumeMaximum = 140 * scale
            nameMinimum = 40 * scale
            twoRows = size.height >= 2 * margin + 2 * button + gap
        }

        /// The placements of `shown`, or nil if they do not all fit.
        func place(_ shown: Set<Control>, kind: Kind) -> [Placement]? {
            guard button >= 12, size.width >= 2 * margin else { return nil }
            var top: [Placement] = []
            var bottomLeading: [Control] = [.mute]
            var bottomTrailing: [Control] = kind == .call ? [.leave] : []
            if twoRows {
                top.append(Placement(control: .restore, rect: square(x: margin, y: margin)))
                if kind == .live { top.append(Placement(control: .close, rect: square(x: size.width - margin - button, y: margin))) }
            } else {
                bottomLeading.insert(.restore, at: 0)
                if kind == .live { bottomTrailing.append(.close) }
            }
            top = top.filter { shown.contains($0.control) }
            guard top.count < 2 || size.width >= 2 * margin + 2 * button + gap,
                  top.isEmpty || size.width >= 2 * margin + button else { return nil }
            let row = Row(leading: bottomLeading.filter(shown.contains), trailing: bottomTrailing.filter(shown.contains),
                          flexible: [Control.volume, .speakerName].filter(shown.contains))
            guard let bottom = place(row) else { return nil }
            return top + bottom
        }

        /// The bottom row's controls: fixed ones from the left and from the right, flexible
        /// ones (volume, then the name) sharing what is left between them.
        struct Row {
            let leading: [Control]
            let trailing: [Control]
            let flexible: [Control]
        }

        private func place(_ row: Row) -> [Placement]? {
            let fixed = (row.leading + row.trailing).map(width(of:)).reduce(0, +)
            let minimums = row.flexible.map { $0 == .volume ? volumeMinimum : nameMinimum }.reduce(0, +)
            let count = row.leading.count + row.trailing.count + row.flexible.count
            let spare = size.width - 2 * margin - fixed - minimums - gap * Double(max(count - 1, 0))
            guard spare >= 0 else { return nil }
            let y = size.height - margin - button
            var placements: [Placement] = []
            var x = margin
            for control in row.leading + row.flexible {
                let w = flexibleWidth(control, in: row, spare: spare) ?? width(of: control)
                placements.append(Placement(control: control, rect: Rect(x: x, y: y, width: w, height: button)))
                x += w + gap
            }
            var right = size.width - margin
            for control in row.trailing.reversed() {
                let w = width(of: control)
                right -= w
                placements.append(Placement(control: control, rect: Rect(x: right, y: y, width: w, height: button)))
                right -= gap
            }
            return placements
        }

        /// The width of a flexible control given the row's spare width; nil for fixed controls.
        /// The volume slider grows up to its maximum; the name takes the rest.
        private func flexibleWidth(_ control: Control, in row: Row, spare: Double) -> Double? {
            switch control {
            case .volume:
                let share = row.flexible.contains(.speakerName) ? spare / 2 : spare
                return min(volumeMinimum + share, volumeMaximum)
            case .speakerName:
                let volume = row.flexible.contains(.volume) ? min(volumeMinimum + spare / 2, volumeMaximum) - volumeMinimum : 0
                return nameMinimum + spare - volume
            default:
                return nil
            }
        }

        private func width(of control: Control) -> Double {
            control == .leave ? leaveWidth : button
        }

        private func square(x: Double, y: Double) -> Rect {
            Rect(x: x, y: y, width: button, height: button)
        }
    }
}
