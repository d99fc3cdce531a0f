import EngineTerms
import Logging
import PiPLayout
import Rooms
import Session

/// Work the shell carries out, in order, after a reduction.
public enum AppEffect: Equatable, Sendable {
    /// Start playing a room; a live source's queued sound is bounded by `delayLimit` seconds
    /// (nil: unbounded).
    case openPlayback(Room, delayLimit: Double?)
    /// Stop a room's playback.
    case closePlayback(RoomID)
    /// Open one source of an open room again from scratch (a call participant's Retry).
    case reopenSource(RoomID, source: Int)
    /// Set how a source converts its pictures: off, or on to fit a size.
    case setVideo(RoomID, source: Int, VideoDemand)
    /// Set a room's mute and volume.
    case setAudio(RoomID, muted: Bool, volume: Float)
    /// Hold a room's playback where it is, or let it go on from there: a paused recording is
    /// held so that it resumes where it paused (D8).
    case holdPlayback(RoomID, held: Bool)
    /// Fetch a live server's statistics page off the main thread and answer with
    /// ``AppEvent/directoryFetched(serverID:serial:_:)``.
    case fetchDirectory(serverID: String, url: String, serial: Int)
    /// Read the calls of Janus server `serverID` at API `api` (its rooms and who is in each,
    /// R8) off the main thread, and answer with ``AppEvent/directoryCallsFetched(serverID:serial:_:)``.
    case fetchJanusCalls(serverID: String, api: String, serial: Int)
    /// Read a playlist off the main thread, parse it and make its rooms there, and answer with
    /// ``AppEvent/playlistRead(_:serial:_:)`` (R7).
    case readPlaylist(PlaylistAddress, serial: Int)
    /// Let go of a playlist's replaced rooms on another thread: freeing 100,000 rooms would
    /// hold the loop for tens of milliseconds (R7).
    case releaseOffMainThread(PlaylistRooms)
    /// A watched stream is back on its server: its playback should reconnect now, not at
    /// the end of its backoff.
    case retryPlaybackNow(RoomID)
    /// Go live: capture `source` and publish it as `broadcast` says, off the main thread; the
    /// local preview comes from the capture (the room's own playback was closed first).
    case startBroadcast(RoomID, source: String, broadcast: Broadcast)
    /// End the broadcast cleanly, off the main thread.
    case stopBroadcast(RoomID)
    /// Join call room `RoomID`: publish the user's stream as `stream` says to `url` (W10), off
    /// the main thread, and answer with ``AppEvent/callSendPolled(_:_:)``.
    case joinCall(RoomID, url: String, stream: CallStream, sending: CallSending)
    /// Join call room `RoomID`, held on a Janus server (R8): join its VideoRoom room as
    /// `join` says, publish the user's camera and microphone over WebRTC and subscribe to the
    /// others; answer with ``AppEvent/janusCallJoined(_:feed:)`` and
    /// ``AppEvent/callSendPolled(_:_:)``. ``setCallSending(_:_:)`` and ``leaveCall(_:)`` apply to it as to any call.
    case joinJanusCall(RoomID, JanusCallJoin)
    /// Mute or unmute the microphone, turn the camera off or on, in the stream sent.
    case setCallSending(RoomID, CallSending)
    /// The joined call's others are now these: keep the playback of those still there (by
    /// name), open the new ones, close the ones that left, in this order.
    case callParticipants(RoomID, [Participant])
    /// Stop sending: the user left the call.
    case leaveCall(RoomID)
    /// Read the displays and answer with ``AppEvent/displaysRead(_:)``.
    case readDisplays
    /// Check the rooms file and answer with a reload event when it changed.
    case checkRoomsFile
    /// Open a source to add off the main thread (FFmpeg's open and stream info, bounded in
    /// time) for its title, and answer with ``AppEvent/sourceProbed(serial:title:)`` (R6).
    case probeSource(serial: Int, source: String)
    /// Save a change to the user's rooms file and answer with
    /// ``AppEvent/userRoomsSaved(_:_:)``; from then on the rooms file watched is the user's (R6).
    case saveUserRooms(UserRoomsChange)
    /// Show the float at a frame, titled, showing the room's current frame at once (P17).
    case showFloat(RoomID, frame: Rect, title: String)
    /// Title the shown float anew (its room took its stream's own title, R6).
    case retitleFloat(String)
    /// Hide the float (it is kept for the next time).
    case hideFloat
    /// Move and size the float.
    case moveFloat(Rect)
    /// Show the dismiss target (fading in), or change it (pulling the float or not); `nil`
    /// fades it out (P19).
    case dismissTarget(DismissTarget?)
    /// Resize the main window (the scale changed) and set its smallest size.
    case resizeMainWindow(width: Int, height: Int, minimumWidth: Int, minimumHeight: Int)
    /// Show, restore, raise and focus the main window, telling the window manager the user
    /// asked for it at `userTime` (X server ms); `remap` maps it again first, since it was
    /// minimized to uncover the float (P18) and Wayland has no request to undo a minimize.
    case raiseMainWindow(userTime: UInt, remap: Bool)
    /// Minimize the main window out of the float's way (P18, no activation).
    case minimizeMainWindow
    /// Put the float just shown in front of the main window (P18): the compositor's activation,
    /// answered with ``AppEvent/floatNotActivated`` when it does not.
    case bringFloatToFront
    /// Lay the text out again at the desktop's new scale factor and answer with
    /// ``AppEvent/scaleChanged(_:)``.
    case rescaleText(Double)
    /// Forget the main window's uploaded frames, so a room shown again draws its current one.
    case resetMainVideo
    /// Nothing plays any more: free the windows' video textures and hand the memory the
    /// closed rooms freed back to the system (the allocator keeps it otherwise).
    case releaseFreedMemory
    /// Take the media controls' player name on the session bus, showing this; answer with
    /// ``AppEvent/mediaControlsFailed`` when there is no bus or no name.
    case startMediaControls(MediaState)
    /// Show this on the media controls.
    case updateMediaControls(MediaState)
    /// Give up the media controls' player name.
    case stopMediaControls
    /// Put this text on the clipboard (`SDL_SetClipboardText`).
    case setClipboard(String)
    /// Offer this text as X11's primary selection (`SDL_SetPrimarySelectionText`).
    case setPrimarySelection(String)
    /// Read the clipboard's text and answer with ``AppEvent/textPasted(_:from:to:)``.
    case readClipboard(PasteTarget)
    /// Read the primary selection's text and answer with ``AppEvent/textPasted(_:from:to:)``.
    case readPrimarySelection(PasteTarget)
    /// Find the text index at window pixel column `x` in a field as the painter last drew it,
    /// and answer with ``AppEvent/fieldIndexFound(_:index:_:)``.
    case locateInField(Fields.Name, x: Int, FieldPointer)
    /// Persist the float's placement (P15).
    case savePlacement(Placement)
    /// Tell PiP observers about a lifecycle or layout step (M3, M4).
    case publish(PiPEvent)
    /// Write a log line.
    case log(LogLevel, String)
    /// Write a stats event.
    case stats(StatsEvent)
    /// End the app with this status, telling the user `message` first when there is one.
    case quit(status: Int32, message: String?)
}
