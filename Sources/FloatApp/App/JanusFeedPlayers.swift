import LocksAndThreads
import Playback
import Rooms

/// The players of a Janus call's participants (R8), by their feed's tag (`JanusFeedTag`): the
/// room's playback makes one for each participant it shows, and the call's subscriptions push
/// what they decode into the one of the feed's tag.
///
/// Thread-safe: the subscriptions push from GStreamer's threads.
final class JanusFeedPlayers: Sendable {
    private let players = Guarded<[String: SourcePlayer]>([:])

    /// A new player for the participant of feed tag `tag`, replacing (and closing) any before it.
    func make(tag: String, options: PlaybackOptions, observers: PlaybackObservers) -> SourcePlayer {
        let player = SourcePlayer(pushedWith: options, observers: observers)
        players.withLock { $0.updateValue(player, forKey: tag) }?.close()
        return player
    }

    /// The player of feed tag `tag`, if the playback made one.
    func player(tag: String) -> SourcePlayer? { players.withLock { $0[tag] } }

    /// Every player made so far.
    var all: [SourcePlayer] { players.withLock { Array($0.values) } }

    /// The feed tag of a participant's source on a Janus server (`<api>/videoroom/{room}~{name}-{tag}`),
    /// nil for any other source.
    static func tag(ofSource source: String) -> String? {
        guard let marker = source.range(of: "/videoroom/"), let encoded = source[marker.upperBound...].split(separator: "~").last,
              let member = CallMember(encoded: String(encoded)), !member.tag.isEmpty else { return nil }
        return member.tag
    }
}
