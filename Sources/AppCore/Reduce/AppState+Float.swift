import Localization
import PiPLayout
import Rooms

/// The float: showing and hiding it, its pointer and keys, and the one place where
/// `FloatMotion`'s effects become the app's.
extension AppState {
    /// The aspect ratio (width / height) the float shows for a room: 16:9 for a call or
    /// before the first frame.
    func videoAspect(_ id: RoomID) -> Double {
        guard self.room(id)?.kind != .call, let aspect = rooms[id]?.videoAspect else { return 16.0 / 9.0 }
        return aspect
    }

    /// Where a float of 16:9 video would show now (where the user left it in this run, else
    /// where the last run did): the hidden float window is made at this size, so that
    /// floating most rooms only moves it and never waits on a resize (P17).
    public var likelyFloatFrame: Rect { placedMotion(videoAspect: 16.0 / 9.0).frame }

    /// A float of `videoAspect` placed where the user left it in this run, else where the last
    /// run did, settled on the displays as last read, on the main window's display (P7).
    private func placedMotion(videoAspect: Double) -> FloatMotion {
        var m = FloatMotion(displays: displays, videoAspect: videoAspect,
                            placement: motion?.placement ?? environment.savedPlacement, home: main.center)
        _ = m.send(.displaysChanged(displays))
        return m
    }

    /// Shows the float where the user left it in this run, else where the last run did (P15).
    mutating func showFloat(_ id: RoomID, now: Double) -> [AppEffect] {
        guard rooms[id] != nil, let room = self.room(id) else { return [] }
        let m = placedMotion(videoAspect: videoAspect(id))
        motion = m
        float = FloatState()
        _ = paint.send(.floatReset)
        float.visible = true
        float.needsFront = environment.compositorMovesFloat
        float.width = Int(m.frame.width.rounded())
        float.height = Int(m.frame.height.rounded())
        checks.displaysAt = now
        // Placed on the displays as last read, then settled again at once if they changed meanwhile.
        return [.showFloat(id, frame: m.frame, title: tr("%s - PiP", room.title)), .readDisplays]
    }

    /// Hides the float and saves where it was; a hold or a spring in progress ends with it.
    mutating func hideFloat() -> [AppEffect] {
        guard float.visible else { return [] }
        var effects: [AppEffect] = []
        if let m = motion {
            effects.append(.savePlacement(m.placement))
            motion = FloatMotion(displays: m.displays, videoAspect: m.videoAspect, placement: m.placement)
        }
        float = FloatState()
        _ = paint.send(.floatReset)
        return effects + [.hideFloat]
    }

    /// The float could not be shown: say so and take the model back to the full view.
    mutating func floatFailedToShow(now: Double) -> [AppEffect] {
        float = FloatState()
        _ = paint.send(.floatReset)
        showToast(tr("Cannot open the float window"), now: now)
        return send(.floatClicked, now: now)
    }

    /// Feeds an action to the float motion and maps its effects.
    mutating func sendMotion(_ action: FloatMotion.Action, now: Double) -> [AppEffect] {
        guard var m = motion else { return [] }
        m.placesAtOnce = environment.preferences.reducedMotion
        let effects = m.send(action)
        motion = m
        return effects.flatMap { map($0, now: now) }
    }

    private mutating func map(_ effect: FloatMotion.Effect, now: Double) -> [AppEffect] {
        switch effect {
        case .setFrame(let rect):
            return [.moveFloat(rect)]
        case .tapped:
            return send(.floatClicked, now: now)
        case .snapTargetChosen(let target):
            return [.stats(.snapTarget("\(target)"))]
        case .placementChanged(let placement):
            return [.savePlacement(placement)]
        case .stashStripChanged:
            return []
        case .dismissTargetShown(let target), .dismissTargetChanged(let target):
            return [.dismissTarget(target)]
        case .dismissTargetHidden:
            return [.dismissTarget(nil)]
        case .dismissed:
            return send(.floatCloseClicked, now: now)
        }
    }

    /// New displays or work areas re-settle a float on screen (P13).
    mutating func displaysRead(_ new: [Display], now: Double) -> [AppEffect] {
        guard new != displays else { return [] }
        displays = new
        return float.visible ? sendMotion(.displaysChanged(new), now: now) : []
    }

    /// A stashed float shows only a strip: a click there brings it back (P8), so it has no buttons.
    public var floatIsStashed: Bool {
        if case .stashed = motion?.placement.anchor { return true }
        return false
    }

    mutating func floatKey(_ key: Key, ctrl: Bool, now: Double) -> [AppEffect] {
        switch key {
        case .escape:
            // Esc cancels a drag in progress (P19); otherwise it restores the full view (P12).
            let cancelled = sendMotion(.cancelKeyPressed, now: now)
            return cancelled.isEmpty ? send(.floatClicked, now: now) : cancelled
        case .letter("m"): return toggleMute(session.floatingRoomID)
        case .letter("w") where ctrl: return send(.floatCloseClicked, now: now)
        case .up where ctrl: return floatVolumeStep(by: 1)
        case .down where ctrl: return floatVolumeStep(by: -1)
        case .up: return sendMotion(.arrowKeyPressed(.up), now: now)
        case .down: return sendMotion(.arrowKeyPressed(.down), now: now)
        case .left: return sendMotion(.arrowKeyPressed(.left), now: now)
        case .right: return sendMotion(.arrowKeyPressed(.right), now: now)
        case .plus: return sendMotion(.resizeKeyPressed(.grow), now: now)
        case .minus: return sendMotion(.resizeKeyPressed(.shrink), now: now)
        default: return []
        }
    }

    mutating func floatPressed(_ x: Int, _ y: Int, _ global: Point, time: Double, now: Double) -> [AppEffect] {
        float.hover = true
        if let control: FloatControl = floatLayout(now: now).buttons.hit(x, y) {
            float.pressed = control
            return control == .volume ? setFloatVolume(x: x, now: now) : []
        }
        float.pointerDown = true
        guard !environment.compositorMovesFloat else { return [] }
        float.heldPointer = global
        return sendMotion(.pointerPressed(global, time: time), now: now)
    }

    mutating func floatPointerMoved(_ x: Int, _ y: Int, _ global: Point, time: Double, now: Double) -> [AppEffect] {
        if float.pressed == .volume { return setFloatVolume(x: x, now: now) }
        if float.pointerDown {
            guard !environment.compositorMovesFloat else { return [] }
            float.heldPointer = global
            return sendMotion(.pointerMoved(global, time: time), now: now)
        }
        float.hover = true
        float.hovered = floatLayout(now: now).buttons.hit(x, y)
        return []
    }

    mutating func floatReleased(_ x: Int, _ y: Int, _ global: Point, time: Double, overFloat: Bool,
                                now: Double) -> [AppEffect] {
        if let pressed = float.pressed {
            float.pressed = nil
            guard pressed != .volume else { return [] }
            return floatLayout(now: now).buttons.hit(x, y) == pressed ? floatControlClicked(pressed, now: now) : []
        }
        guard float.pointerDown else { return [] }
        float.pointerDown = false
        float.heldPointer = nil
        if environment.compositorMovesFloat { return send(.floatClicked, now: now) }
        let effects = sendMotion(.pointerReleased(global, time: time), now: now)
        // A leave during the drag was held back: hover follows where the pointer is now.
        if float.visible {
            float.hover = overFloat
            if !overFloat { float.hovered = nil }
        }
        return effects
    }

    mutating func floatControlClicked(_ control: FloatControl, now: Double) -> [AppEffect] {
        switch control {
        case .close: send(.floatCloseClicked, now: now)
        case .restore: send(.floatClicked, now: now)
        case .mute: toggleMute(session.floatingRoomID)
        case .leave: send(.leaveClicked, now: now)
        case .volume: []
        }
    }

    /// Changes the floating room's volume by `steps` tenths (Ctrl+Up/Down, a wheel with a modifier).
    mutating func floatVolumeStep(by steps: Int) -> [AppEffect] {
        guard let id = session.floatingRoomID else { return [] }
        return changeVolume(id, by: Float(steps) / 10)
    }

    /// Sets the floating room's volume from a pointer at `x` on the float's volume slider.
    private mutating func setFloatVolume(x: Int, now: Double) -> [AppEffect] {
        let layout = floatLayout(now: now)
        guard let id = session.floatingRoomID, let slider = layout.buttons.first(where: { $0.target == .volume })
        else { return [] }
        return setRoomVolume(id, layout.volume(at: x, in: slider.rect), unmute: true)
    }

    /// Lets the dragged float follow a pointer move the window events did not report (P6): a
    /// window following the pointer produces no relative motion. The poll's time is not the
    /// event's, so it moves the float without feeding the release velocity.
    mutating func heldPointerPolled(_ pointer: Point, now: Double) -> [AppEffect] {
        guard float.pointerDown, let last = float.heldPointer, pointer != last else { return [] }
        float.heldPointer = pointer
        return sendMotion(.pointerPolled(pointer, now: now), now: now)
    }

    /// Gives the float the floating room's video aspect once known or when it changes (P3).
    mutating func floatAspectChecked(now: Double) -> [AppEffect] {
        guard let m = motion, float.visible, let id = session.floatingRoomID, rooms[id] != nil else { return [] }
        let aspect = videoAspect(id)
        return aspect == m.videoAspect ? [] : sendMotion(.videoAspectChanged(aspect), now: now)
    }
}

extension PixelRect {
    /// The window rectangle of a frame in screen coordinates, rounded.
    public init(_ r: Rect) {
        self.init(Int(r.origin.x.rounded()), Int(r.origin.y.rounded()),
                  Int(r.size.width.rounded()), Int(r.size.height.rounded()))
    }
}
