import EngineTerms
import SessionBus

/// The MPRIS object's properties, computed from a `MediaState`: what `Get`/`GetAll` answer
/// and what `PropertiesChanged` carries.
public enum MPRISProperties {
    /// A property's name and value.
    public typealias Property = (name: String, value: DBusValue)

    /// The object path MPRIS players export.
    public static let objectPath = "/org/mpris/MediaPlayer2"
    /// The root interface: identity, raise and quit.
    public static let rootInterface = "org.mpris.MediaPlayer2"
    /// The player interface: metadata, status, volume, transport.
    public static let playerInterface = "org.mpris.MediaPlayer2.Player"
    /// The track id MPRIS reserves for "no track".
    public static let noTrack = "/org/mpris/MediaPlayer2/TrackList/NoTrack"

    /// Every property of `interface` in `state`; nil for an interface the object lacks.
    public static func all(of interface: String, in state: MediaState) -> [Property]? {
        switch interface {
        case rootInterface: root
        case playerInterface: player(state)
        default: nil
        }
    }

    /// The properties whose values differ between `old` and `new`, per interface, in the
    /// order `all(of:in:)` lists them; interfaces without changes are left out.
    public static func changes(from old: MediaState, to new: MediaState) -> [(interface: String, changed: [Property])] {
        let before = player(old)
        let changed = zip(before, player(new)).filter { $0.value != $1.value }.map(\.1)
        return changed.isEmpty ? [] : [(playerInterface, changed)]
    }

    /// The `mpris:trackid` object path of room `id`, under the application's object path:
    /// bytes outside `[A-Za-z0-9]` become `_XX` hex.
    public static func trackID(forRoom id: String) -> String {
        let element = id.utf8.map { byte -> String in
            let isAlphanumeric = (0x30...0x39).contains(byte) || (0x41...0x5a).contains(byte)
                || (0x61...0x7a).contains(byte)
            if isAlphanumeric { return String(UnicodeScalar(byte)) }
            let hex = String(byte, radix: 16)
            return "_" + (hex.count == 1 ? "0" + hex : hex)
        }.joined()
        return ApplicationID.objectPath + "/room/" + (element.isEmpty ? "_" : element)
    }

    private static let root: [Property] = [
        ("CanQuit", .bool(true)),
        ("CanRaise", .bool(true)),
        ("HasTrackList", .bool(false)),
        ("Identity", .string("FloatApp")),
        ("DesktopEntry", .string(ApplicationID.id)),
        ("SupportedUriSchemes", .stringArray([])),
        ("SupportedMimeTypes", .stringArray([])),
    ]

    private static func player(_ state: MediaState) -> [Property] {
        let hasRoom = state.track != nil
        return [
            ("PlaybackStatus", .string(statusName(state.status))),
            ("Rate", .double(1)),
            ("Metadata", metadata(state.track)),
            ("Volume", .double(state.volume)),
            ("Position", .int64(0)),
            ("MinimumRate", .double(1)),
            ("MaximumRate", .double(1)),
            ("CanGoNext", .bool(false)),
            ("CanGoPrevious", .bool(false)),
            ("CanPlay", .bool(hasRoom)),
            ("CanPause", .bool(hasRoom)),
            ("CanSeek", .bool(false)),
            ("CanControl", .bool(true)),
        ]
    }

    /// The status as MPRIS names it.
    private static func statusName(_ status: MediaState.Status) -> String {
        switch status {
        case .playing: "Playing"
        case .paused: "Paused"
        case .stopped: "Stopped"
        }
    }

    private static func metadata(_ track: MediaState.Track?) -> DBusValue {
        guard let track else { return .dictionary([("mpris:trackid", .objectPath(noTrack))]) }
        var entries: [(key: String, value: DBusValue)] = [
            ("mpris:trackid", .objectPath(trackID(forRoom: track.id))),
            ("xesam:title", .string(track.title)),
        ]
        if let artist = track.artist { entries.append(("xesam:artist", .stringArray([artist]))) }
        if let art = track.artURL { entries.append(("mpris:artUrl", .string(art))) }
        return .dictionary(entries)
    }
}
