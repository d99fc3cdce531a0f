import EngineTerms
import Rooms
import Session

/// One line of the `--stats FILE` log (SPEC section 6), typed; ``name`` and ``fields``
/// are its JSON encoding, kept in this one place.
public enum StatsEvent: Equatable, Sendable {
    case lifecycle(String)
    case layout(String)
    case mainContent(RoomID?)
    case toast(String)
    case mute(RoomID, muted: Bool)
    case volume(RoomID, volume: Double)
    case paused(RoomID, paused: Bool)
    case scale(Double)
    case open(RoomID, sources: Int)
    case stop(RoomID)
    case status(RoomID, PlaybackStatus)
    case sourceOpen(RoomID, source: Int, count: Int)
    /// A call participant's own status changed (the room's `status` is their best).
    case sourceStatus(RoomID, source: Int, PlaybackStatus)
    case roomsReloaded(rooms: Int)
    case floatShown(RoomID, PixelRect)
    case floatHidden
    case floatMove(PixelRect)
    case snapTarget(String)
    /// The dismiss target showed, started or stopped pulling the float, at a frame (P19).
    case dismissTarget(DismissTargetStep, PixelRect)
    /// The dismiss target faded out.
    case dismissTargetHidden
    case frame(window: WindowKind, RoomID, pts: Double)
    case blank(window: WindowKind, RoomID)
    case counters(RoomID, source: Int, Counters)
    /// A source's video demand changed; `before` holds its totals just before the change.
    case demand(RoomID, source: Int, VideoDemand, before: Counters)
    /// A call participant's tile in the main view got a new picture (`still`: not live).
    case tileFrame(RoomID, source: Int, pts: Double, still: Bool)
    /// A live server's stream became a room of the list (W8).
    case streamListed(RoomID, resolution: String?)
    /// A directory stream ended for good and its row went (M5).
    case streamEnded(RoomID)
    /// A live server became reachable or unreachable (W8).
    case server(String, reachable: Bool, reason: String?)
    /// The host's broadcast changed phase: `connecting`, `live`, `reconnecting(n)`, `failed`, `stopped`.
    case broadcast(RoomID, phase: String)
    /// The joined call: `joined`, `left`, `mic-muted`, `mic-on`, `camera-off`, `camera-on`,
    /// `sending-<phase>` (the user's stream's publisher), `media-failed` (a Janus call's ICE or
    /// DTLS gave up), `join-failed` (Janus did not take the user into the call) (W10, R8).
    case call(RoomID, phase: String)
    /// Who joined and who left the joined call, by name (W10).
    case callPeople(RoomID, joined: [String], left: [String])
    /// What a participant's stream says about it changed: muted, camera off (W10).
    case remoteState(RoomID, source: Int, name: String, muted: Bool, cameraOff: Bool)
    /// The open call's active speaker changed to the participant at `source` (W4).
    case speaker(RoomID, source: Int, name: String)
    /// The float painted a call's speaker other than before: their name, and whether their
    /// mic-off marker shows (P5, W10).
    case floatSpeaker(RoomID, name: String, muted: Bool)
    /// The list painted a new room count or new status pills, in the user's language (X5):
    /// the words a reader sees, the statuses of the rows on screen joined by ` | `.
    case listShown(count: String, statuses: [String])
    /// A room was added to the list's "Opened" section for an item handed over from `origin` (R6).
    case itemAdded(RoomID, title: String, origin: String)
    /// An opened room took its stream's own title (R6).
    case roomTitled(RoomID, title: String)
    /// A call from an invite link (W13): the confirmation `asked`, then `accepted` or
    /// `declined`, for call `room` on server `server` (its id in the list).
    case callLink(RoomID, server: String, phase: String)
    /// A step of the app's start, for the cold-start timeline (`main`, `sdl`, `text`, `window`,
    /// `shown`, `float`, `audio`, `started`, `a11y`), or of the first connection of an open room's source (a ``Playback`` start-up
    /// step: `opening`, `opened`, `probed`, `key`, `decoded`).
    case startup(String)

    /// A session's totals when it stops.
    public struct Counters: Equatable, Sendable {
        public var opens, decoded, converted, presented, dropped, economy, scalerBuilds: Int
        /// Pictures decoded that were not key frames, and key frames queued as stills while hidden.
        public var nonKey, stills: Int
        /// Pictures queued for presentation (`converted` counts those whose pixels a paint took).
        public var queued: Int

        /// Creates totals.
        public init(opens: Int, decoded: Int, converted: Int, presented: Int, dropped: Int,
                    economy: Int, scalerBuilds: Int, nonKey: Int = 0, stills: Int = 0, queued: Int = 0) {
            self.queued = queued
            self.nonKey = nonKey
            self.stills = stills
            self.opens = opens
            self.decoded = decoded
            self.converted = converted
            self.presented = presented
            self.dropped = dropped
            self.economy = economy
            self.scalerBuilds = scalerBuilds
        }
    }

    /// The `ev` field.
    public var name: String {
        switch self {
        case .lifecycle: "lifecycle"
        case .layout: "layout"
        case .mainContent: "main_content"
        case .toast: "toast"
        case .mute: "mute"
        case .volume: "volume"
        case .paused: "paused"
        case .scale: "scale"
        case .open: "open"
        case .stop: "stop"
        case .status: "status"
        case .sourceOpen: "source_open"
        case .sourceStatus: "source_status"
        case .roomsReloaded: "rooms_reloaded"
        case .floatShown: "float_shown"
        case .floatHidden: "float_hidden"
        case .floatMove: "float_move"
        case .snapTarget: "snap_target"
        case .dismissTarget: "dismiss_target"
        case .dismissTargetHidden: "dismiss_target_hidden"
        case .frame: "frame"
        case .blank: "blank"
        case .counters: "counters"
        case .demand: "demand"
        case .tileFrame: "tile_frame"
        case .streamListed: "stream_live"
        case .streamEnded: "stream_ended"
        case .callLink: "call_link"
        case .server: "server"
        case .broadcast: "broadcast"
        case .call: "call"
        case .callPeople: "call_people"
        case .remoteState: "remote_state"
        case .speaker: "speaker"
        case .floatSpeaker: "float_speaker"
        case .listShown: "list_shown"
        case .itemAdded: "item_added"
        case .roomTitled: "room_titled"
        case .startup: "startup"
        }
    }

    /// The other fields, in order.
    public var fields: [(String, StatsValue)] {
        switch self {
        case .lifecycle(let e), .layout(let e): [("event", .text(e))]
        case .mainContent(nil): [("content", .text("list"))]
        case .mainContent(let id?): [("content", .text("room")), ("room", .text(id))]
        case .toast(let m): [("message", .text(m))]
        case .mute(let id, let muted): [("room", .text(id)), ("muted", .bool(muted))]
        case .volume(let id, let volume): [("room", .text(id)), ("volume", .double(volume))]
        case .paused(let id, let paused): [("room", .text(id)), ("paused", .bool(paused))]
        case .scale(let factor): [("factor", .double(factor))]
        case .open(let id, let n): [("room", .text(id)), ("sources", .int(n))]
        case .stop(let id): [("room", .text(id))]
        case .status(let id, let s): [("room", .text(id)), ("status", .text(Self.label(s)))]
        case .sourceOpen(let id, let i, let n): [("room", .text(id)), ("source", .int(i)), ("count", .int(n))]
        case .sourceStatus(let id, let i, let s): [("room", .text(id)), ("source", .int(i)), ("status", .text(Self.label(s)))]
        case .roomsReloaded(let n): [("rooms", .int(n))]
        case .floatShown(let id, let r): [("room", .text(id))] + Self.rect(r)
        case .floatHidden: []
        case .floatMove(let r): Self.rect(r)
        case .snapTarget(let t): [("target", .text(t))]
        case .dismissTarget(let step, let r): [("step", .text(step.rawValue))] + Self.rect(r)
        case .dismissTargetHidden: []
        case .frame(let w, let id, let pts): [("window", .text(Self.window(w))), ("room", .text(id)), ("pts", .double(pts))]
        case .blank(let w, let id): [("window", .text(Self.window(w))), ("room", .text(id))]
        case .counters(let id, let i, let c): Self.counters(id, i, c)
        case .demand(let id, let i, let demand, let c):
            Self.counters(id, i, c) + [("demand", .text(demand.name))]
                + (demand.size.map { [("w", .int($0.width)), ("h", .int($0.height))] } ?? [])
        case .tileFrame(let id, let i, let pts, let still):
            [("room", .text(id)), ("source", .int(i)), ("pts", .double(pts)), ("still", .bool(still))]
        case .streamListed(let id, let size): [("room", .text(id)), ("resolution", .text(size ?? ""))]
        case .streamEnded(let id): [("room", .text(id))]
        case .callLink(let room, let server, let phase): [("room", .text(room)), ("server", .text(server)), ("phase", .text(phase))]
        case .call(let id, let phase): [("room", .text(id)), ("phase", .text(phase))]
        case .callPeople(let id, let joined, let left):
            [("room", .text(id)), ("joined", .text(joined.joined(separator: "\n"))), ("left", .text(left.joined(separator: "\n")))]
        case .remoteState(let id, let i, let name, let muted, let cameraOff):
            [("room", .text(id)), ("source", .int(i)), ("name", .text(name)), ("muted", .bool(muted)), ("camera_off", .bool(cameraOff))]
        case .speaker(let id, let i, let name): [("room", .text(id)), ("source", .int(i)), ("name", .text(name))]
        case .floatSpeaker(let id, let name, let muted): [("room", .text(id)), ("name", .text(name)), ("muted", .bool(muted))]
        case .server(let id, let reachable, let reason):
            [("server", .text(id)), ("reachable", .bool(reachable))] + (reason.map { [("reason", .text($0))] } ?? [])
        case .broadcast(let id, let phase): [("room", .text(id)), ("phase", .text(phase))]
        case .listShown(let count, let statuses): [("count", .text(count)), ("statuses", .text(statuses.joined(separator: " | ")))]
        case .itemAdded(let id, let title, let origin): [("room", .text(id)), ("title", .text(title)), ("origin", .text(origin))]
        case .roomTitled(let id, let title): [("room", .text(id)), ("title", .text(title))]
        case .startup(let step): [("step", .text(step))]
        }
    }

    private static func rect(_ r: PixelRect) -> [(String, StatsValue)] {
        [("x", .int(r.x)), ("y", .int(r.y)), ("w", .int(r.w)), ("h", .int(r.h))]
    }

    private static func window(_ w: WindowKind) -> String { w == .main ? "main" : "float" }

    private static func counters(_ id: RoomID, _ i: Int, _ c: Counters) -> [(String, StatsValue)] {
        [("room", .text(id)), ("source", .int(i)), ("opens", .int(c.opens)), ("decoded", .int(c.decoded)),
         ("converted", .int(c.converted)), ("presented", .int(c.presented)), ("dropped", .int(c.dropped)),
         ("economy", .int(c.economy)), ("scaler_builds", .int(c.scalerBuilds)), ("non_key", .int(c.nonKey)),
         ("stills", .int(c.stills)), ("queued", .int(c.queued))]
    }

    /// A status as the log has always named it; the tools that read the log rely on these labels.
    static func label(_ s: PlaybackStatus) -> String {
        switch s {
        case .idle: "idle"
        case .connecting: "connecting"
        case .buffering(let p): "buffering(percent: \(p.map { "Optional(\($0))" } ?? "nil"))"
        case .playing: "playing"
        case .reconnecting(let n, let wait): "reconnecting(attempt: \(n), nextTryIn: \(wait))"
        case .ended: "ended"
        case .failed(let error): "failed(\(String(reflecting: error.words)))"
        }
    }
}

/// What the dismiss target did, as a `dismiss_target` stats event names it.
public enum DismissTargetStep: String, Equatable, Sendable {
    case shown, pulling, released
}
