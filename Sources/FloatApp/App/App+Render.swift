import AppCore
import Broadcast
import CSDL
import FFmpeg
import Files
import Foundation
import Playback
import Rooms

/// Painting both windows from the app state's view models, when the state says so.
@MainActor
extension App {
    func render() {
        Theme.palette = state.environment.preferences.highContrast ? .highContrast : .standard
        syncTextInput()
        renderMain()
        renderFloat(force: false)
        if let target = floatWindow?.dismissTarget, target.isFading(now: now) { target.paint(now: now) }
    }

    /// Text widths in pixels with the app's fonts, for laying out text that is not a fixed label.
    private var measure: TextMeasure { fonts.measure }

    /// The joined call's newest captured picture (its self view), whichever kind of server it is on.
    private var callPreview: VideoFrame? { broadcasts.call?.publisher.currentPreview() ?? janusCalls.preview }

    private func drawContext(_ renderer: Renderer, _ text: TextCache) -> DrawContext {
        DrawContext(renderer: renderer, text: text, scale: state.environment.metrics.scale, time: now,
                    direction: state.environment.direction)
    }

    /// Reports a window's output size when it differs from what the state lays out for.
    private func reportSize(_ w: WindowKind, _ renderer: Renderer) {
        let out = renderer.outputSize
        let known = w == .main ? (state.main.width, state.main.height) : (state.float.width, state.float.height)
        if known != (Int(out.width), Int(out.height)) {
            dispatch(.resized(w, width: Int(out.width), height: Int(out.height)))
        }
    }

    // MARK: Main window

    /// Takes text from the keyboard and the input method while the state wants it
    /// (`SDL_StartTextInput`), and stops while it does not, so that an input method leaves a
    /// room's shortcut keys alone.
    private func syncTextInput() {
        let wanted = state.wantsTextInput
        guard wanted != textInputActive else { return }
        if wanted { SDL_StartTextInput() } else { SDL_StopTextInput() }
        textInputActive = wanted
    }

    /// Puts the input method's candidate window beside the caret just painted.
    private func placeInputMethod() {
        guard let caret = main.fields.caret else { return }
        var rect = main.points(caret)
        let placed = [rect.x, rect.y, rect.w, rect.h]
        guard placed != inputMethodRect else { return }
        SDL_SetTextInputRect(&rect)
        inputMethodRect = placed
    }

    private func renderMain() {
        guard main.window.isShown, !main.window.isMinimized else { return }
        reportSize(.main, main.renderer)
        if let id = state.mainShowsVideo, !state.isPaused(id), let frames = uploadMainFrames(id) {
            dispatch(.framesUploaded(.main, frames: frames))
        }
        if let frame = callPreview, main.selfVideo.frame !== frame {
            main.selfVideo.upload(frame)
            dispatch(.framesUploaded(.main))
        }
        let t = now
        guard state.shouldPaint(.main, now: t) else { return }
        let ctx = drawContext(main.renderer, main.text)
        if case .room(let id) = state.session.mainWindow.content {
            guard let m = state.roomLayout(now: t, measure: measure),
                  playback.players[id] != nil || broadcasts.publishers[id] != nil
            else { return }
            paintRoom(ctx, m)
        } else {
            let list = state.listViewModel(now: t)
            ListView.draw(ctx, list, fields: main.fields, width: Int32(state.main.width), height: Int32(state.main.height))
            placeInputMethod()
        }
        if let question = state.callLinkLayout() { CallLinkView.draw(ctx, question, width: Int32(state.main.width), height: Int32(state.main.height)) }
        ToastView.draw(ctx, state.toastLayout(now: t, measure: measure))
        if let ring = state.focusRing(.main, now: t, measure: measure) {
            FocusRing.draw(ctx, ring, width: Int32(state.main.width), height: Int32(state.main.height))
        }
        main.renderer.present()
        dispatch(.pictureShown(.main, pts: (main.video.first?.frame ?? nil)?.pts), at: t)
        // The paint's start: a call's tiles are painted every frame interval, not every
        // interval plus the time a paint takes (16 tiles painted at 20 Hz instead of 30).
        dispatch(.painted(.main), at: t)
    }

    private func paintRoom(_ ctx: DrawContext, _ m: RoomViewModel) {
        RoomView.draw(ctx, m, hovered: state.main.hovered, drawSelf: { rect in
            self.main.selfVideo.draw(fitting: rect, fill: true, mirrored: true) != nil
        }) { i, rect, fill in
            guard !m.inFloat, i < self.main.video.count else { return false }
            let video = self.main.video[i]
            guard let drawn = video.draw(fitting: rect, fill: fill) else { return false }
            if video.frame?.isStill == true { StillMark.draw(ctx, over: fill ? rect : drawn) }
            return true
        }
    }

    /// Uploads each source's newest frame; returns the new pictures (nil: none changed). Only
    /// the frames the view shows are taken (presented); a hidden source's is peeked, so it is
    /// ready the moment the layout shows it (P17) without counting as presented.
    private func uploadMainFrames(_ id: RoomID) -> [UploadedFrame]? {
        if let publisher = broadcasts.publishers[id] { return uploadPreview(publisher) ? [] : nil }
        guard let player = playback.players[id] else { return nil }
        while main.video.count < player.sourcePlayers.count { main.video.append(VideoTexture(renderer: main.renderer)) }
        var uploaded: [UploadedFrame] = []
        let shown = Set(state.mainSources)
        for (i, s) in player.sourcePlayers.enumerated() {
            guard let f = shown.contains(i) ? s.takeFrame() : s.peekFrame(), main.video[i].frame !== f else { continue }
            main.video[i].upload(f)
            uploaded.append(UploadedFrame(source: i, pts: f.pts, still: f.isStill))
        }
        return uploaded.isEmpty ? nil : uploaded
    }

    /// A live host's preview, straight from the capture (W9).
    private func uploadPreview(_ publisher: Publisher) -> Bool {
        if main.video.isEmpty { main.video.append(VideoTexture(renderer: main.renderer)) }
        guard let frame = publisher.currentPreview(), main.video[0].frame !== frame else { return false }
        main.video[0].upload(frame)
        return true
    }

    // MARK: Float window

    /// Paints the float when it has a new frame or changed; `force` paints at once (a float that appears).
    func renderFloat(force: Bool) {
        guard let fw = floatWindow, fw.isVisible, let id = state.session.floatWindowRoomID,
              let player = playback.players[id]
        else { return }
        reportSize(.float, fw.renderer)
        let wanted = state.isPaused(id) ? [] : state.floatSources.filter { $0 < player.sourcePlayers.count }
        for i in wanted {
            if let f = player.sourcePlayers[i].peekFrame(), state.frameIsNews(id, source: i, serial: f.serial) {
                dispatch(.frameReady(id, source: i, serial: f.serial))
            }
        }
        let t = now
        let m = state.floatLayout(now: t, measure: measure)
        let out = fw.renderer.outputSize
        if m.showsSelf, let f = callPreview, fw.video.frame !== f {
            fw.video.upload(f)
            dispatch(.framesUploaded(.float))
        }
        guard m.showsSelf || m.source < player.sourcePlayers.count else { return }
        // The source player keeps handing out its current frame, so a float that appears has it at once.
        // The speaker's freshness check above only peeks; the frame shown is the one taken.
        // A paused room presents nothing new.
        if !m.showsSelf, !state.isPaused(id), let f = player.sourcePlayers[m.source].takeFrame(), fw.video.frame !== f {
            fw.video.upload(f)
            dispatch(.framesUploaded(.float))
        }
        guard force || state.shouldPaint(.float, now: t) else { return }
        let ctx = drawContext(fw.renderer, fw.text)
        FloatView.draw(ctx, m, video: fw.video, width: out.width, height: out.height)
        if let ring = state.focusRing(.float, now: t, measure: measure) {
            FocusRing.draw(ctx, ring, width: out.width, height: out.height)
        }
        fw.renderer.present()
        dispatch(.pictureShown(.float, pts: fw.video.frame?.pts))
        dispatch(.painted(.float))
    }
}
