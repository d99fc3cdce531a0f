import EngineTerms
import Localization
import Logging
import Rooms

/// The call the user joined (W10), a child reducer of ``AppState``: joining, the microphone and
/// camera, how the user's own stream is sent, and leaving. The root routes ``Action``s to it and
/// maps its ``Effect``s in one place (`AppState.sendCalls(_:)`); the list, the directory and the
/// others' playback stay the root's.
public struct Calls: Equatable, Sendable {
    /// The call the user has joined, while in one.
    public var joined: CallState?
    /// How many calls this run has joined: each join's stream gets its own tag.
    public var joins = 0
    /// The URL of the stream this run sent last, kept after leaving: the server may list it a
    /// little longer, and it is never someone else's.
    public var sentURL: String?

    /// Creates the state at start: no call.
    public init() {}

    /// What the calls are asked to do.
    public enum Action: Equatable, Sendable {
        /// Join the list's room `room`, held as `callRoom` on server `serverID` whose participant
        /// streams `template` names, as `identity`; `runTag` is this run's random tag (empty:
        /// untagged streams).
        case join(room: RoomID, serverID: String, callRoom: RoomID, template: CallURLTemplate, identity: CallIdentity,
                  runTag: String)
        /// Leave the call of room `RoomID` (Esc, Leave, the float's Leave, a release).
        case leave(RoomID)
        /// `M` or the mic button: mute or unmute the microphone.
        case toggleMicrophone
        /// `V` or the camera button: turn the camera off or on.
        case toggleCamera
        /// The user's stream's publisher as polled now.
        case sendPolled(RoomID, BroadcastReport)
        /// The joined call's server lists the user as `url` (a Janus call's feed, known once joined).
        case sentAs(RoomID, url: String)
        /// The joined call's media connection gave up.
        case failed(RoomID, CallFailure)
    }

    /// What the root carries out for the calls.
    public enum Effect: Equatable, Sendable {
        /// Publish the user's stream to `url` as `stream` says, sending `sending`.
        case startSending(RoomID, url: String, stream: CallStream, sending: CallSending)
        /// Change what the user's stream sends.
        case setSending(RoomID, CallSending)
        /// End the user's stream.
        case stopSending(RoomID)
        /// A log line.
        case log(LogLevel, String)
    }

    /// Applies an action and returns the effects for the root to map, in order.
    public mutating func send(_ action: Action) -> [Effect] {
        switch action {
        case .join(let room, let serverID, let callRoom, let template, let identity, let runTag):
            let member = CallMember(name: identity.name, tag: tag(runTag))
            let state = CallState(room: room, serverID: serverID, callRoom: callRoom, identity: identity,
                                  sendURL: template.url(room: callRoom, member: member))
            joined = state
            joins += 1
            sentURL = state.sendURL
            return [.startSending(room, url: state.sendURL, stream: CallStream(identity: identity), sending: state.sendingState),
                    .log(.info, "joined \(callRoom) on \(serverID) as \(member)")]
        case .leave(let id):
            guard let call = joined, call.room == id else { return [] }
            joined = nil
            return [.stopSending(id), .log(.info, "left \(call.callRoom) on \(call.serverID)")]
        case .toggleMicrophone:
            return toggle(\.microphoneMuted, present: joined?.identity.microphone != nil)
        case .toggleCamera:
            return toggle(\.cameraOff, present: joined?.identity.camera != nil)
        case .sentAs(let id, let url):
            guard joined?.room == id else { return [] }
            sentURL = url
            joined?.failure = nil
            return [.log(.info, "\(id): the server lists this user as \(url)")]
        case .failed(let id, let failure):
            guard joined?.room == id, joined?.failure != failure else { return [] }
            joined?.failure = failure
            return [.log(.warn, "\(id): \(failure.words)")]
        case .sendPolled(let id, let report):
            guard var call = joined, call.room == id, call.sending != report else { return [] }
            let before = call.sending.phase.label
            call.sending = report
            // The server went away: the session is made anew, and with it the media connection.
            if case .reconnecting = report.phase { call.failure = nil }
            joined = call
            guard before != report.phase.label else { return [] }
            return [.log(.info, "\(id) sending: \(report.line)")]
        }
    }

    /// This join's stream tag: the run's random tag, then the count of earlier joins (a rejoin
    /// never meets its previous stream still listed); empty when the run has none.
    private func tag(_ runTag: String) -> String {
        guard !runTag.isEmpty else { return "" }
        let tag = runTag + (joins > 0 ? String(joins, radix: 36) : "")
        return String(tag.prefix(CallMember.maximumTagLength))
    }

    /// Flips one of the joined call's sending switches, when its device is there to switch.
    private mutating func toggle(_ flag: WritableKeyPath<CallState, Bool>, present: Bool) -> [Effect] {
        guard var call = joined, present else { return [] }
        call[keyPath: flag].toggle()
        joined = call
        return [.setSending(call.room, call.sendingState)]
    }

    /// The joined call's notice under room `id`'s title: how sending goes, and what is not sent.
    public func notice(_ id: RoomID) -> String? {
        guard let call = joined, call.room == id else { return nil }
        var parts: [String] = []
        switch (call.failure, call.sending.phase) {
        case (let failure?, _): parts.append(failure.words)
        case (nil, .live): break
        case (nil, .connecting): parts.append(tr("Joining…"))
        case (nil, .reconnecting), (nil, .failed), (nil, .stopped): parts.append(call.sending.line)
        }
        if call.identity.microphone == nil { parts.append(tr("Listening only: no microphone")) }
        if call.identity.camera == nil { parts.append(tr("No camera: the others see your name")) }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}
