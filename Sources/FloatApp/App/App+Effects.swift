import AppCore
import CSDL
import Files
import Logging
import PiPLayout
import Playback
import Rooms

/// Carrying out the app state's effects: windows, playback, files, logs.
@MainActor
extension App {
    /// What an effect asks of the loop once it is carried out.
    enum Followup {
        /// Reduce this event next.
        case event(AppEvent)
        /// Paint the float that just appeared, with its current frame (P17).
        case paintFloat
    }

    /// Performs one effect; returns what the loop must do next because of it, if anything.
    func perform(_ effect: AppEffect) -> Followup? {
        switch effect {
        case .openPlayback(let room, let delayLimit):
            _ = playback.open(room, delayLimit: delayLimit)
            // One texture per participant: a smaller room frees the textures of a bigger one.
            main.video = []
        case .closePlayback(let id): closePlayback(id)
        case .reopenSource(let id, let source): playback.reopen(id, source: source)
        case .setVideo(let id, let source, let demand):
            guard let player = playback.players[id], source < player.sourcePlayers.count else { break }
            files.log(player.setDemand(source, demand))
        case .setAudio(let id, let muted, let volume): playback.players[id]?.setAudio(muted: muted, volume: volume)
        case .holdPlayback(let id, let held): playback.players[id]?.setHeld(held)
        case .fetchDirectory(let serverID, let url, let serial):
            directoryFetcher.fetch(serverID: serverID, url: url, serial: serial)
        case .fetchJanusCalls(let serverID, let api, let serial):
            directoryFetcher.fetchJanusCalls(serverID: serverID, api: api, serial: serial)
        case .readPlaylist(let address, let serial): playlistReader.read(address, serial: serial)
        case .releaseOffMainThread(let rooms): playlistReader.release(rooms)
        case .retryPlaybackNow(let id): playback.players[id]?.retryNow()
        case .startBroadcast(let id, let source, let broadcast): broadcasts.start(id, source: source, broadcast: broadcast)
        case .stopBroadcast(let id): broadcasts.stop(id)
        case .joinCall(let id, let url, let stream, let sending):
            janusCalls.leave()
            broadcasts.join(id, url: url, stream: stream, sending: sending)
        case .joinJanusCall(let id, let join):
            broadcasts.leave()
            janusCalls.join(id, join, serverID: state.call?.serverID)
        case .setCallSending(let id, let sending):
            broadcasts.setSending(id, sending)
            janusCalls.setSending(id, sending)
        case .callParticipants(let id, let participants):
            playback.players[id]?.update(participants)
            main.video = []
        case .leaveCall:
            broadcasts.leave()
            janusCalls.leave()
        case .checkRoomsFile:
            guard let event = files.checkRooms() else { return nil }
            if case .roomsReloaded(let config) = event { Self.loadDevices(for: config) }
            return .event(event)
        case .probeSource(let serial, let source): sourceProbe.probe(serial: serial, source: source)
        case .saveUserRooms(let change): return .event(files.save(change))
        case .releaseFreedMemory:
            main.video = []
            floatWindow?.video.release()
            // glibc keeps what the decoder threads freed in their arenas; hand it back.
            _ = malloc_trim(0)
        case .savePlacement(let placement): files.savePlacement(placement)
        case .publish(let event): events.publish(event)
        case .log(let level, let message): Log.write(level, message)
        case .stats(let event): files.log(event)
        case .quit(_, let message): if let message { Log.error(message) }
        default: return performOnDesktop(effect)
        }
        return nil
    }

    /// Performs an effect on the windows, the text drawn in them and the media controls.
    private func performOnDesktop(_ effect: AppEffect) -> Followup? {
        switch effect {
        case .startMediaControls(let media): return desktop.startMedia(media) ? nil : .event(.mediaControlsFailed)
        case .updateMediaControls(let media): desktop.updateMedia(media)
        case .stopMediaControls: desktop.stopMedia()
        case .readDisplays: return .event(.displaysRead(Self.currentDisplays()))
        case .setClipboard, .setPrimarySelection, .readClipboard, .readPrimarySelection, .locateInField:
            return performForFields(effect)
        case .showFloat(let id, let frame, let title): return showFloat(id, frame: frame, title: title)
        case .retitleFloat(let title):
            floatWindow?.window.title = title
        case .hideFloat:
            floatWindow?.window.hide()
            floatWindow?.video.reset()
        case .moveFloat(let rect):
            floatWindow?.setFrame(SDL_Rect(PixelRect(rect)))
        case .dismissTarget(let target):
            floatWindow?.dismissTarget?.set(target, now: now, fades: !state.environment.preferences.reducedMotion)
        case .resizeMainWindow(let width, let height, let minimumWidth, let minimumHeight):
            main.resize(width: Int32(width), height: Int32(height),
                        minimumWidth: Int32(minimumWidth), minimumHeight: Int32(minimumHeight))
        case .raiseMainWindow(let userTime, let remap): raiseMainWindow(userTime: userTime, remap: remap)
        case .minimizeMainWindow: main.window.minimize()
        case .bringFloatToFront:
            guard let fw = floatWindow, fw.isVisible, activation?.activate(fw.window) != true else { break }
            return .event(.floatNotActivated)
        case .rescaleText(let factor): return .event(rescale(to: factor))
        case .resetMainVideo: main.resetVideo()
        default: break
        }
        return nil
    }

    /// Shows, restores, raises and focuses the main window. A window minimized for the float is
    /// mapped again (Wayland has no request to undo a minimize; a window mapped again appears
    /// as new, in front).
    private func raiseMainWindow(userTime: UInt, remap: Bool) {
        X11Hints.moveToCurrentWorkspace(main.window)
        if main.window.isMinimized { main.window.restore() }
        if remap { main.window.hide() }
        main.window.show()
        let token = launcherToken
        launcherToken = nil
        if let token, activation?.activate(main.window, token: token) == true { return }
        if !X11Hints.activate(main.window, userTime: userTime), activation?.activate(main.window) != true {
            main.window.raise()
        }
    }

    /// Lays the text out again at a new scale, without a restart: every line is laid out again
    /// at its new size (crisp, not a scaled texture) and the labels measured again; the app
    /// state decides the rest from the metrics.
    func rescale(to factor: Double) -> AppEvent {
        fonts.reopen(scale: factor)
        main.text.removeAll()
        floatWindow?.text.removeAll()
        return .scaleChanged(fonts.metrics())
    }

    /// Logs a room's totals and stops its playback.
    func closePlayback(_ id: RoomID) {
        guard let player = playback.close(id) else { return }
        for event in player.counters() { files.log(event) }
    }

    /// The app's own observers of PiP events (M3, M4): the debug log and the stats log.
    func observePiPEvents() {
        events.subscribe { event in Log.debug("pip: \(event)") }
        events.subscribe { [weak self] event in
            switch event {
            case .lifecycle(let e): self?.files.log(.lifecycle(e.description))
            case .layout(let e): self?.files.log(.layout(e.description))
            }
        }
    }

    /// Makes the float window ahead of time, hidden, so that floating shows
    /// its first frame without waiting for a new window and renderer (P17).
    func prepareFloatWindow() {
        guard floatWindow == nil else { return }
        do {
            floatWindow = try FloatWindow(fonts: fonts, frame: SDL_Rect(PixelRect(state.likelyFloatFrame)),
                                          compositorPlaces: state.environment.compositorMovesFloat, drawing: drawing)
            if state.environment.compositorMovesFloat {
                floatWindow?.enableCompositorDrag(buttonSize: Int32(state.environment.metrics.px(44)))
            }
        } catch {
            Log.warn(DesktopFailure.floatWindowUnprepared("\(error)").words)
        }
    }

    /// Shows the float: the current frame is drawn before the window appears on screen (P17).
    private func showFloat(_ id: RoomID, frame: Rect, title: String) -> Followup {
        prepareFloatWindow()
        guard let fw = floatWindow else { return .event(.floatFailedToShow) }
        fw.window.title = title
        fw.setFrame(SDL_Rect(PixelRect(frame)))
        fw.video.reset()
        fw.show()
        return .paintFloat
    }
}

@MainActor
extension App {
    /// The clipboard, X11's primary selection and the text fields' painted lines (W11, W12).
    /// SDL reads a selection synchronously, waiting a little for its owner's answer.
    fileprivate func performForFields(_ effect: AppEffect) -> Followup? {
        switch effect {
        case .setClipboard(let text): SDL_SetClipboardText(text)
        case .setPrimarySelection(let text): SDL_SetPrimarySelectionText(text)
        case .readClipboard(let target):
            return .event(.textPasted(Self.taken(SDL_GetClipboardText()), from: .clipboard, to: target))
        case .readPrimarySelection(let target):
            return .event(.textPasted(Self.taken(SDL_GetPrimarySelectionText()), from: .primary, to: target))
        case .locateInField(let name, let x, let pointer):
            return .event(.fieldIndexFound(name, index: main.fields.index(name, atX: x), pointer))
        default: break
        }
        return nil
    }

    /// A string SDL allocated, freed once read.
    private static func taken(_ text: UnsafeMutablePointer<CChar>?) -> String {
        guard let text else { return "" }
        defer { SDL_free(text) }
        return String(cString: text)
    }
}
