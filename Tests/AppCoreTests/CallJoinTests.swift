import AppCore
import EngineTerms
import LiveDirectory
import PiPLayout
import Rooms
import Session
import XCTest

/// W10 in the app core, step by step: a server call in the list with its head count, joining
/// by opening it, the others as tiles (never the user), joiners and leavers, the microphone
/// and the camera, the float of a call, and leaving.
final class CallJoinTests: XCTestCase {
    private let local = LiveServer(id: "local", title: "Local server", stats: "http://127.0.0.1:8080/stat",
                                   play: StreamURLTemplate("rtmp://127.0.0.1:1935/live/{stream}"),
                                   calls: CallURLTemplate("rtmp://127.0.0.1:1935/call/{room}~{participant}"))
    private let standup = Room(id: "standup", title: "Stand-up", media: .call(participants: []), callServerID: "local")
    private let me = Me(name: "Ada", camera: .source(.lavfi(graph: "testsrc2")), microphone: .source(.lavfi(graph: "sine")))
    private var identity: CallIdentity { CallIdentity(name: "Ada", camera: .lavfi(graph: "testsrc2"), microphone: .lavfi(graph: "sine")) }

    private func member(_ name: String) -> LiveStreamInfo {
        LiveStreamInfo(name: "standup~" + ParticipantName.encode(name), application: "call", isPublishing: true, clients: 2, age: 3)
    }

    private func participant(_ name: String) -> Participant {
        Participant(name: name, source: .url("rtmp://127.0.0.1:1935/call/standup~" + ParticipantName.encode(name)))
    }

    /// The rooms file [Live A, Stand-up on `local`] at t = 0 in a 960x600 window; the server
    /// lists `names` in the call at t = 1.1.
    private func start(me: Me? = nil, desktop: DesktopDevices = DesktopDevices(accountName: "Account"),
                       listing names: [String], infos: [LiveStreamInfo] = [], joinTag: String = "") -> AppState {
        let config = RoomsConfig(rooms: [F.liveA, standup], servers: [local], me: me ?? self.me)
        var state = AppState(config: config,
                             environment: AppEnvironment(metrics: F.metrics, desktop: desktop, joinTag: joinTag), displays: [F.display])
        _ = state.reduce(.resized(.main, width: 960, height: 600), now: 0)
        _ = state.reduce(.painted(.main), now: 0)
        _ = state.reduce(.tick(pointer: Point(x: 0, y: 0)), now: 1)
        _ = state.reduce(.directoryFetched(serverID: "local", serial: 1, .success(names.map(member) + infos)), now: 1.1)
        return state
    }

    /// Stand-up opened from the list at 1.3, its others polled playing at 1.4.
    private func joined(me: Me? = nil, desktop: DesktopDevices = DesktopDevices(accountName: "Account"),
                        listing names: [String], infos: [LiveStreamInfo] = [], joinTag: String = "") -> (AppState, [AppEffect]) {
        var state = start(me: me, desktop: desktop, listing: names, infos: infos, joinTag: joinTag)
        state.main.list.selected = 1
        let effects = state.reduce(F.key(.enter), now: 1.3)
        let others = state.room("standup").map { room -> Int in
            if case .call(let ps) = room.media { ps.count } else { 0 }
        } ?? 0
        _ = state.reduce(.playbackPolled("standup", Array(repeating: SourceReport(status: .playing), count: others)), now: 1.4)
        return (state, effects)
    }

    private func fetched(_ state: inout AppState, _ names: [String], at t: Double) -> [AppEffect] {
        fetched(&state, infos: names.map(member), at: t)
    }

    /// A refresh at `t` answered with `infos`: its effects with the stats lines.
    private func fetched(_ state: inout AppState, infos: [LiveStreamInfo], at t: Double) -> [AppEffect] {
        var effects = state.reduceLogged(.tick(pointer: Point(x: 0, y: 0)), now: t)
        let serial = effects.compactMap { if case .fetchDirectory(_, _, let s) = $0 { s } else { nil } }.first
        XCTAssertNotNil(serial, "a refresh is due at \(t)")
        effects += state.reduceLogged(.directoryFetched(serverID: "local", serial: serial ?? -1, .success(infos)), now: t + 0.05)
        return effects
    }

    func testAServerCallIsARowWithItsHeadCount() {
        let state = start(listing: ["Grace", "Bob"])
        let list = state.listViewModel(now: 2)
        XCTAssertEqual(list.rows.map(\.title), ["Live A", "Stand-up"], "the file's call is not listed again under its server")
        XCTAssertEqual(list.rows[1].detail, "Call · 2 in the call · Audience")
        XCTAssertEqual(start(listing: []).listViewModel(now: 2).rows[1].detail, "Call · nobody in it yet · Audience")
    }

    func testACallNobodyHasInTheFileIsListedInItsServersSection() {
        var state = start(listing: [])
        // The rooms file's call stands for the server's call "standup": its row is the file's.
        _ = fetched(&state, ["Grace"], at: 6.2)
        XCTAssertEqual(state.listedRooms.map(\.id), [F.liveA.id, "standup"])
        let other = LiveStreamInfo(name: "retro~Bo", application: "call", isPublishing: true, clients: 1, age: 1)
        _ = fetched(&state, infos: [other], at: 11.3)
        XCTAssertEqual(state.listedRooms.map(\.id), [F.liveA.id, "standup", "local/call/retro"])
        XCTAssertEqual(state.listViewModel(now: 12).rows[2].detail, "Call · 1 in the call · Audience")
    }

    func testOpeningJoinsSendsTheUsersStreamAndPlaysEveryoneElse() {
        let (state, effects) = joined(listing: ["Grace", "Ada", "Bob"])
        let url = "rtmp://127.0.0.1:1935/call/standup~Ada"
        XCTAssertTrue(effects.contains(.joinCall("standup", url: url, stream: CallStream(identity: identity), sending: CallSending())),
                      "\(effects)")
        let played = effects.compactMap { if case .openPlayback(let room, let limit) = $0 { limit == 0.25 ? room : nil } else { nil } }
        XCTAssertEqual(played.map(\.media), [.call(participants: [participant("Grace"), participant("Bob")])],
                       "the user's own stream is never played")
        XCTAssertEqual(state.call?.sendURL, url)
        XCTAssertEqual(state.directory.section("local")?.interval, ServerDirectory.inCallRefreshInterval)
        XCTAssertEqual(state.listViewModel(now: 2).rows[1].detail, "Call · 3 in the call · Audience")
        let view = state.roomLayout(now: 1.5)
        XCTAssertEqual(view?.tiles.map(\.name.text), ["Grace", "Bob"])
        XCTAssertNotNil(view?.selfView)
        XCTAssertEqual(view?.selfView?.cameraOff, false)
        XCTAssertEqual(view?.buttons.map(\.glyph).filter { [.mic, .micOff, .camera, .cameraOff].contains($0) }, [.mic, .camera])
    }

    func testJoinersAppearAndLeaversGoKeepingTheOthersPlaying() {
        var (state, _) = joined(listing: ["Grace", "Ada", "Bob"])
        XCTAssertEqual(fetched(&state, ["Grace", "Ada", "Bob"], at: 2.3).filter { if case .callParticipants = $0 { true } else { false } }, [])
        let effects = fetched(&state, ["Bob", "Ada", "Carol"], at: 3.3)
        XCTAssertTrue(effects.contains(.callParticipants("standup", [participant("Bob"), participant("Carol")])), "\(effects)")
        XCTAssertTrue(effects.contains(.stats(.callPeople("standup", joined: ["Carol"], left: ["Grace"]))))
        XCTAssertFalse(effects.contains { if case .closePlayback = $0 { true } else { false } }, "the call goes on")
        XCTAssertEqual(state.rooms["standup"]?.sources, [.playing, .connecting], "Bob keeps playing, Carol connects")
        XCTAssertEqual(state.session.openRoomID, "standup")
        // Everyone else leaves: the user stays in the call, alone, and it is still in progress.
        _ = fetched(&state, ["Ada"], at: 4.3)
        XCTAssertEqual(state.rooms["standup"]?.sources, [])
        XCTAssertEqual(state.rooms["standup"]?.status, .playing)
        XCTAssertEqual(state.session.openRoomID, "standup")
    }

    func testAServerThatGoesAwayKeepsTheTilesAndTheCall() {
        var (state, _) = joined(listing: ["Grace", "Ada"])
        _ = state.reduce(.tick(pointer: Point(x: 0, y: 0)), now: 2.3)
        _ = state.reduce(.directoryFetched(serverID: "local", serial: 2, .failure(.unreachable(.transport("refused")))), now: 2.4)
        _ = state.reduce(.playbackPolled("standup", [SourceReport(status: .reconnecting(attempt: 1, retryIn: 0.5))]), now: 2.5)
        XCTAssertEqual(state.roomLayout(now: 2.6)?.tiles.map(\.name.text), ["Grace"])
        XCTAssertEqual(state.roomLayout(now: 2.75)?.tiles.first?.status, .reconnecting(attempt: 1, retryIn: 0.25))
        _ = state.reduce(.callSendPolled("standup", BroadcastReport(phase: .reconnecting(attempt: 1, nextTryIn: 0.5))), now: 2.6)
        XCTAssertEqual(state.roomLayout(now: 2.7)?.broadcastLine, "Reconnecting 1 (next try in 1 s) · 0 dropped")
        XCTAssertNotNil(state.call)
        // The server answers again: the tiles reconnect at once rather than at the end of their backoff.
        XCTAssertTrue(fetched(&state, ["Grace", "Ada"], at: 3.4).contains(.retryPlaybackNow("standup")))
        // While Grace's tile still waits and the server lists her stream, it is tried again at each answer.
        XCTAssertTrue(fetched(&state, ["Grace", "Ada"], at: 4.4).contains(.retryPlaybackNow("standup")))
        XCTAssertFalse(fetched(&state, ["Ada"], at: 5.4).contains(.retryPlaybackNow("standup")), "not while she is not listed")
        _ = fetched(&state, ["Grace", "Ada"], at: 6.4)
        _ = state.reduce(.playbackPolled("standup", [SourceReport(status: .playing)]), now: 6.5)
        XCTAssertFalse(fetched(&state, ["Grace", "Ada"], at: 7.4).contains(.retryPlaybackNow("standup")), "not once she plays")
    }

    func testMAndVAreTheMicrophoneAndTheCameraAndOthersStateIsShown() {
        var (state, _) = joined(listing: ["Grace", "Ada"])
        XCTAssertEqual(state.reduce(F.key(.letter("m")), now: 2),
                       [.setCallSending("standup", CallSending(microphoneMuted: true))])
        XCTAssertEqual(state.rooms["standup"]?.muted, false, "the speaker is not muted")
        XCTAssertEqual(state.reduce(F.key(.letter("v")), now: 2.1),
                       [.setCallSending("standup", CallSending(microphoneMuted: true, cameraOff: true))])
        let view = state.roomLayout(now: 2.2)
        XCTAssertEqual(view?.selfView?.cameraOff, true)
        XCTAssertNotNil(view?.selfView?.mutedMarker)
        XCTAssertEqual(view?.buttons.map(\.glyph).filter { [.mic, .micOff, .camera, .cameraOff].contains($0) }, [.micOff, .cameraOff])
        // Up and Down stay the speaker's volume.
        _ = state.reduce(F.key(.down), now: 2.3)
        XCTAssertEqual(state.rooms["standup"]?.volume ?? 0, 0.9, accuracy: 0.001)
        // Grace's stream says she muted and turned her camera off.
        let effects = state.reduceLogged(.playbackPolled("standup", [SourceReport(status: .playing, remote: CallSending(microphoneMuted: true, cameraOff: true))]), now: 2.4)
        XCTAssertTrue(effects.contains(.stats(.remoteState("standup", source: 0, name: "Grace", muted: true, cameraOff: true))))
        let tile = state.roomLayout(now: 2.5)?.tiles.first
        XCTAssertNotNil(tile?.mutedMarker)
        XCTAssertEqual(tile?.cameraOffName?.text, "Grace")
    }

    func testWithoutAMicrophoneTheUserJoinsListeningOnly() {
        let (state, effects) = joined(me: Me(name: "Ada", camera: .none, microphone: .automatic),
                                      desktop: DesktopDevices(accountName: "Account", camera: nil, microphone: nil), listing: ["Grace"])
        let join = effects.first { if case .joinCall = $0 { true } else { false } }
        let stream = CallStream(identity: CallIdentity(name: "Ada", camera: nil, microphone: nil))
        XCTAssertEqual(join, .joinCall("standup", url: "rtmp://127.0.0.1:1935/call/standup~Ada", stream: stream,
                                       sending: CallSending(microphoneMuted: true, cameraOff: true)))
        XCTAssertEqual([stream.camera, stream.microphone],
                       ["lavfi:color=c=0x202020:size=640x360:rate=15", "lavfi:anullsrc=r=48000:cl=stereo"],
                       "a plain picture and silence stand in for what the desktop lacks")
        XCTAssertEqual([stream.videoBitrate, stream.audioBitrate, stream.maximumWidth, stream.maximumHeight, stream.maximumAttempts],
                       [800_000, 64_000, 640, 360, .max])
        XCTAssertEqual(stream.keyFrameInterval, 1)
        var state2 = state
        XCTAssertEqual(state2.reduce(F.key(.letter("m")), now: 2), [], "nothing to unmute")
        _ = state2.reduce(.callSendPolled("standup", BroadcastReport(phase: .live)), now: 2.1)
        XCTAssertEqual(state2.roomLayout(now: 2.2)?.broadcastLine,
                       "Listening only: no microphone · No camera: the others see your name")
    }

    func testTheAccountsNameIsTheDefault() {
        let (state, effects) = joined(me: Me(), desktop: DesktopDevices(accountName: "Grace Hopper"), listing: [])
        XCTAssertEqual(state.call?.identity.name, "Grace Hopper")
        XCTAssertTrue(effects.contains { if case .joinCall(_, let url, _, _) = $0 { url.hasSuffix("standup~Grace_20_Hopper") } else { false } })
    }

    func testTheFloatOfACallShowsTheSpeakerTheMicrophoneAndLeave() {
        var (state, _) = joined(listing: ["Grace", "Ada", "Bob"])
        _ = state.reduce(F.key(.letter("p")), now: 2)
        XCTAssertEqual(state.session.floatingRoomID, "standup", "a call floats: no host rules")
        var float = state.floatLayout(now: 2.1)
        XCTAssertEqual(float.microphoneMuted, false)
        XCTAssertEqual(float.speakerName, "Grace")
        XCTAssertFalse(float.showsSelf)
        XCTAssertEqual(state.reduce(F.key(.letter("m"), .float), now: 2.2),
                       [.setCallSending("standup", CallSending(microphoneMuted: true))])
        float = state.floatLayout(now: 2.3)
        XCTAssertEqual(float.microphoneMuted, true)
        XCTAssertNil(float.cameraOffName)
        _ = state.reduce(.playbackPolled("standup", [SourceReport(status: .playing, remote: CallSending(cameraOff: true)),
                                                    SourceReport(status: .playing)]), now: 2.35)
        XCTAssertEqual(state.floatLayout(now: 2.4).cameraOffName, "Grace", "the speaker's camera is off: her name shows")
        // Alone in the call, the float shows the user.
        _ = fetched(&state, ["Ada"], at: 3.3)
        float = state.floatLayout(now: 3.4)
        XCTAssertTrue(float.showsSelf)
        XCTAssertEqual(float.speakerName, "Ada")
    }

    func testLeaveOnTheFloatHangsUp() {
        var (state, _) = joined(listing: ["Grace", "Ada"])
        _ = state.reduce(F.key(.letter("p")), now: 2)
        _ = state.reduce(.pointerEntered(.float), now: 3)
        guard let leave = state.floatLayout(now: 3).buttons.first(where: { $0.target == .leave })?.rect else {
            return XCTFail("the call's float has Leave: \(state.floatLayout(now: 3).buttons)")
        }
        let point = Point(x: Double(leave.x + leave.w / 2), y: Double(leave.y + leave.h / 2))
        _ = state.reduce(.pointerPressed(window: .float, x: Int(point.x), y: Int(point.y), global: point, time: 3.1), now: 3.1)
        let effects = state.reduce(.pointerReleased(window: .float, x: Int(point.x), y: Int(point.y), global: point, time: 3.2,
                                                    overFloat: true), now: 3.2)
        XCTAssertTrue(effects.contains(.leaveCall("standup")), "\(effects)")
        XCTAssertTrue(effects.contains(.hideFloat))
        XCTAssertNil(state.call)
        XCTAssertNil(state.session.floatingRoomID)
    }

    func testLeavingStopsSendingAndTheServerIsAskedLessOften() {
        var (state, _) = joined(listing: ["Grace", "Ada"])
        let effects = state.reduce(F.key(.escape), now: 2)
        XCTAssertEqual(Array(effects.prefix(3)), [.leaveCall("standup"), .log(.info, "left standup on local"), .closePlayback("standup")])
        XCTAssertNil(state.call)
        XCTAssertNil(state.session.openRoomID)
        XCTAssertEqual(state.directory.section("local")?.interval, ServerDirectory.refreshInterval)
        XCTAssertEqual(state.session.mainWindow.content, .list)
        XCTAssertEqual(state.listViewModel(now: 2).rows[1].detail, "Call · 1 in the call · Audience")
        _ = fetched(&state, ["Grace", "Ada"], at: 8)
        XCTAssertEqual(state.listViewModel(now: 8.1).rows[1].detail, "Call · 1 in the call · Audience",
                       "the user's ended stream, still listed by the server, is not counted")
    }

    private func tagged(_ name: String, _ tag: String) -> LiveStreamInfo {
        LiveStreamInfo(name: "standup~" + CallMember(name: name, tag: tag).encoded, application: "call", isPublishing: true,
                       clients: 2, age: 3)
    }

    func testAnotherPersonOfTheUsersNameIsShownAndOnlyTheUsersOwnStreamIsLeftOut() {
        // The user joins as Ada with the run's tag; the server lists her stream, another Ada's and Grace.
        let me = tagged("Ada", "k3f9"), otherAda = tagged("Ada", "x01")
        var (state, effects) = joined(listing: ["Grace"], infos: [me, otherAda], joinTag: "k3f9")
        XCTAssertEqual(state.call?.sendURL, "rtmp://127.0.0.1:1935/call/standup~Ada-k3f9")
        let played = effects.compactMap { if case .openPlayback(let room, _) = $0 { room } else { nil } }
        XCTAssertEqual(played.map(\.media), [.call(participants: [
            participant("Grace"), Participant(name: "Ada", source: .url("rtmp://127.0.0.1:1935/call/standup~Ada-x01")),
        ])])
        XCTAssertEqual(state.roomLayout(now: 1.5)?.tiles.map(\.name.text), ["Grace", "Ada"])
        // The other Ada leaves: her tile goes, Grace keeps playing; the user is still left out.
        let left = fetched(&state, infos: [member("Grace"), me], at: 2.3)
        XCTAssertTrue(left.contains(.stats(.callPeople("standup", joined: [], left: ["Ada"]))), "\(left)")
        XCTAssertEqual(state.rooms["standup"]?.sources, [.playing])
        XCTAssertEqual(state.roomLayout(now: 2.5)?.tiles.map(\.name.text), ["Grace"])
        // Joining again after leaving sends under a new tag.
        _ = state.reduce(F.key(.escape), now: 3)
        state.main.list.selected = 1
        _ = state.reduce(F.key(.enter), now: 3.1)
        XCTAssertEqual(state.call?.sendURL, "rtmp://127.0.0.1:1935/call/standup~Ada-k3f91")
    }

    func testTheSelfViewCoversNoTileInAnyLayoutOrWindowSize() {
        for count in 1...6 {
            let names = ["Grace", "Bob", "Carol", "Dan", "Eve", "Fay"].prefix(count)
            var (state, _) = joined(listing: Array(names) + ["Ada"])
            for layout in [CallLayout.tile, .spotlight, .sidebar] {
                state.session.callLayout = layout
                for (width, height) in [(960, 600), (640, 360), (1600, 500), (480, 800)] {
                    _ = state.reduce(.resized(.main, width: width, height: height), now: 2)
                    guard let view = state.roomLayout(now: 2), let selfView = view.selfView?.rect else {
                        return XCTFail("a joined call shows its self view")
                    }
                    let context = "\(count) others, \(layout), \(width)x\(height)"
                    XCTAssertEqual(view.tiles.count, layout == .spotlight ? 1 : count, context)
                    for tile in view.tiles {
                        XCTAssertFalse(tile.rect.overlaps(selfView), "tile \(tile.index) \(tile.rect) under the self view \(selfView): \(context)")
                        XCTAssertGreaterThan(tile.rect.w, 0, context)
                        XCTAssertTrue(tile.rect.x >= 0 && tile.rect.maxX <= width && tile.rect.y >= 0 && tile.rect.maxY <= height, context)
                    }
                }
            }
        }
    }

    func testTilesThatAlreadyKeepClearOfTheSelfViewStayAsTheyAre() {
        let area = PixelRect(12, 56, 936, 480)
        let corner = PixelRect(800, 400, 136, 76)
        let whole = CallTiles.layout(.tile, count: 2, active: 0, in: area, gap: 8)
        XCTAssertEqual(CallTiles.layout(.tile, count: 2, active: 0, in: area, gap: 8, clearOf: PixelRect(0, 0, 4, 4)).map(\.1),
                       whole.map(\.1))
        XCTAssertTrue(whole.contains { $0.1.overlaps(corner) }, "two tiles side by side reach the corner")
        let clear = CallTiles.layout(.tile, count: 2, active: 0, in: area, gap: 8, clearOf: corner)
        XCTAssertEqual(clear.map(\.0), [0, 1])
        XCTAssertFalse(clear.contains { $0.1.overlaps(corner) })
    }

    func testTheFloatShowsWhetherTheSpeakerMuted() {
        var (state, _) = joined(listing: ["Grace", "Ada", "Bob"])
        _ = state.reduce(F.key(.letter("p")), now: 2)
        XCTAssertEqual(state.floatLayout(now: 2.1).speakerMuted, false)
        _ = state.reduce(.playbackPolled("standup", [SourceReport(status: .playing, remote: CallSending(microphoneMuted: true)),
                                                    SourceReport(status: .playing)]), now: 2.2)
        let float = state.floatLayout(now: 2.3)
        XCTAssertEqual(float.speakerName, "Grace")
        XCTAssertTrue(float.speakerMuted, "Grace muted: her marker shows in the float too")
        XCTAssertEqual(float.microphoneMuted, false, "the user's own microphone is on")
        _ = state.reduce(.playbackPolled("standup", [SourceReport(status: .playing, remote: CallSending()),
                                                    SourceReport(status: .playing)]), now: 2.4)
        XCTAssertFalse(state.floatLayout(now: 2.5).speakerMuted)
    }

    func testTheActiveSpeakerChangeIsLogged() {
        var (state, _) = joined(listing: ["Grace", "Ada", "Bob"])
        var logged: [StatsEvent] = []
        for k in 0..<30 {
            _ = state.reduce(.playbackPolled("standup", [SourceReport(status: .playing, level: -60),
                                                        SourceReport(status: .playing, level: -12)]), now: 2 + Double(k) * 0.1)
            logged += state.reduceLogged(.tick(pointer: Point(x: 0, y: 0)), now: 2.05 + Double(k) * 0.1)
                .compactMap { if case .stats(let event) = $0, case .speaker = event { event } else { nil } }
        }
        XCTAssertEqual(logged, [.speaker("standup", source: 1, name: "Bob")])
    }
}
