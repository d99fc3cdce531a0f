import LiveDirectory
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
    /// The feed tags of participants whose media all stopped: the list leaves them out.
    private let gone = Guarded<Set<String>>([])

    /// A new player for the participant of feed tag `tag`, replacing (and closing) any before it.
    func make(tag: String, options: PlaybackOptions, observers: PlaybackObservers) -> SourcePlayer {
        let player = SourcePlayer(pushedWith: options, observers: observers)
        players.withLock { $0.updateValue(player, forKey: tag) }?.close()
        return player
    }

    /// The player of feed tag `tag`, if the playback made one.
    func player(tag: String) -> SourcePlayer? { players.withLock { $0[tag] } }

    /// Marks the participant of feed tag `tag` gone (their media all stopped) or back; true when
    /// that changed.
    func setGone(_ tag: String, _ isGone: Bool) -> Bool {
        gone.withLock { set in isGone ? set.insert(tag).inserted : set.remove(tag) != nil }
    }

    /// `calls` without the participants marked gone.
    func withoutGone(_ calls: [ListedCall]) -> [ListedCall] {
        let gone = self.gone.withLock { $0 }
        guard !gone.isEmpty else { return calls }
        return calls.map { call in
            var call = call
            call.members.removeAll { gone.contains($0.tag) }
            return call
        }
    }

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
