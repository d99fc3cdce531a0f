import EngineTerms
import Rooms
import Session
import TestSupport
import XCTest

/// Model-based tests: long seeded random action sequences, with the spec's
/// invariants checked after every step against a model of the shell that
/// carries out the effects. Set `FLOATAPP_SEED` to replay a printed seed.
final class SessionModelTests: XCTestCase {
    typealias F = SessionFixtures

    /// What the shell holds after carrying out every effect so far.
    struct ShellModel {
        enum Lifecycle: Equatable { case idle, starting, active, stopping }
        var runningPlayback: Set<RoomID> = []
        var floatWindow: RoomID?
        var lifecycle = Lifecycle.idle

        /// Carries out effects, returning the first rule they break.
        mutating func apply(_ effects: [SessionEffect]) -> String? {
            var stopsThisStep: [RoomID: Int] = [:]
            for effect in effects {
                switch effect {
                case .openPlayback(let room):
                    guard runningPlayback.insert(room.id).inserted else { return "playback of \(room.id) opened twice" }
                case .stopPlayback(let id):
                    stopsThisStep[id, default: 0] += 1
                    guard stopsThisStep[id] == 1 else { return "playback of \(id) stopped twice in one step" }
                    guard runningPlayback.remove(id) != nil else { return "stopped \(id), which was not playing" }
                case .showFloat(let id):
                    guard floatWindow == nil else { return "a second float for \(id)" }
                    guard runningPlayback.contains(id) else { return "float of \(id) without playback" }
                    floatWindow = id
                case .closeFloat:
                    guard floatWindow != nil else { return "closed a float that does not exist" }
                    floatWindow = nil
                case .handOverFloat(let id):
                    guard floatWindow == id else { return "handed over \(id) from a float showing \(String(describing: floatWindow))" }
                case .lifecycle(let event):
                    switch (lifecycle, event) {
                    case (.idle, .willStart): lifecycle = .starting
                    case (.starting, .didStart): lifecycle = .active
                    case (.starting, .failedToStart), (.idle, .failedToStart): lifecycle = .idle
                    case (.active, .willStop): lifecycle = .stopping
                    case (.stopping, .didStop): lifecycle = .idle
                    default: return "lifecycle \(event) while \(lifecycle)"
                    }
                case .showMainWindow, .showList, .showRoom, .toast, .layout, .log:
                    break
                }
            }
            guard lifecycle == .idle || lifecycle == .active else { return "a step ended mid-lifecycle (\(lifecycle))" }
            return nil
        }
    }

    /// Counts of what the sequences reached, to show they explore the interesting states.
    struct Coverage {
        var steps = 0
        var activeSteps = 0
        var resumes = 0
        var releases = 0
        var refusals = 0
        var restores = 0
    }

    static let roomIDs: [RoomID] = ["live-a", "live-b", "call", "host", "no-pip", "missing"]

    static func randomStatus(_ rng: inout SeededRandom) -> PlaybackStatus {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: .connecting
        case 1: .buffering(percent: Bool.random(using: &rng) ? nil : Int.random(in: 0...100, using: &rng))
        case 2, 3, 4, 5: .playing
        case 6: .reconnecting(attempt: Int.random(in: 1...5, using: &rng), retryIn: 0.5)
        case 7: .failed(.streamFailed("error"))
        case 8: .ended
        default: .idle
        }
    }

    static func randomConfig(_ rng: inout SeededRandom) -> RoomsConfig {
        var rooms = F.config.rooms
        for index in rooms.indices.reversed() {
            switch Int.random(in: 0..<12, using: &rng) {
            case 0: rooms.remove(at: index)
            case 1: rooms[index].media = .live(source: .lavfi(graph: "life"))
            case 2: rooms[index].role = rooms[index].role == .host ? .audience : .host
            case 3: rooms[index].pip.toggle()
            default: break
            }
        }
        let settings = RoomsSettings(autoPiP: Int.random(in: 0..<4, using: &rng) > 0, autoExit: Int.random(in: 0..<4, using: &rng) > 0)
        return RoomsConfig(rooms: rooms, settings: settings)
    }

    static func randomAction(_ rng: inout SeededRandom, state: SessionState, time: inout Double) -> SessionAction {
        let someRoom = roomIDs.randomElement(using: &rng)!
        let likelyRoom = Bool.random(using: &rng) ? (state.openRoomID ?? someRoom) : someRoom
        let listed = F.config.rooms.randomElement(using: &rng)!
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<14:
            let floating = state.floatingRoomID != nil ? state.openRoom : nil
            return .roomSelected(Bool.random(using: &rng) ? (floating ?? listed) : listed)
        case 14..<28: return .pipRequested(origin: [.control, .key, .commandLine].randomElement(using: &rng)!)
        case 28..<34: return .floatClicked
        case 34..<39: return .floatCloseClicked
        case 39..<47: return .mainWindowMinimized
        case 47..<55: return .mainWindowRestored
        case 55..<72: return .playbackStatusChanged(likelyRoom, randomStatus(&rng))
        case 72..<78:
            time += Double.random(in: 0...0.6, using: &rng)
            let levels = Dictionary(uniqueKeysWithValues: (0..<4).map { ($0, Double.random(in: -80 ... -10, using: &rng)) })
            return .audioLevelsMeasured(at: time, levels: levels)
        case 78..<81: return .callLayoutSelected(CallLayout.allCases.randomElement(using: &rng)!)
        case 81..<83: return .participantListToggled
        case 83..<88:
            let scope: PiPScope = Bool.random(using: &rng) ? .global : .room(likelyRoom)
            return .pipEnabledChanged(scope, Int.random(in: 0..<3, using: &rng) == 0 ? .disabled : .enabled)
        case 88..<90:
            let config = randomConfig(&rng)
            return .roomsFileReloaded(config.settings, openRoom: config.rooms.first { $0.id == state.openRoomID })
        case 90..<91: return .directoryChanged(openRoom: randomConfig(&rng).rooms.first { $0.id == state.openRoomID })
        case 91..<93: return .leaveClicked
        case 93..<95: return .mainPictureShown
        case 95..<97: return .backToListClicked
        default: return .retryClicked
        }
    }

    /// Checks the rules that relate one step's action, states and effects.
    static func checkStep(
        _ action: SessionAction, before: SessionState, after: SessionState, effects: [SessionEffect], shell: ShellModel,
        coverage: inout Coverage
    ) -> String? {
        if let floating = after.floatingRoomID {
            guard after.openRoomID == floating else { return "floating room \(floating) is not the open room" }
            guard after.openRoom?.role != .host else { return "host room \(floating) floats" }
            guard after.openRoom.map(after.pipAvailability(for:)) == .enabled else { return "room \(floating) floats with PiP disabled" }
        }
        guard after.isActive == (shell.lifecycle == .active) else { return "isActive \(after.isActive) but lifecycle \(shell.lifecycle)" }
        if let handover = after.floatHandover {
            guard after.floatingRoomID == nil else { return "\(handover) hands over while a room floats" }
            guard after.openRoomID == handover else { return "handover of \(handover), which is not open" }
        }
        guard shell.floatWindow == after.floatWindowRoomID else { return "float window \(String(describing: shell.floatWindow))" }
        guard shell.runningPlayback == Set([after.openRoomID].compactMap { $0 }) else { return "playback \(shell.runningPlayback)" }
        guard Set(after.playback.keys).isSubset(of: Set([after.openRoomID].compactMap { $0 })) else { return "status of a closed room" }
        if let open = after.openRoomID, after.floatingRoomID == nil, after.mainWindow.content != .room(open),
            !after.isHosting {
            return "open room \(open) is neither floating, hosted nor in the main window"
        }
        if case .room(let shown) = after.mainWindow.content, shown != after.openRoomID {
            return "main window shows \(shown), which is not open"
        }
        if effects.contains(where: { if case .lifecycle(.failedToStart) = $0 { true } else { false } }) {
            coverage.refusals += 1
            guard after == before, effects.count == 2 else { return "a refused request changed something: \(effects)" }
        }
        if case .pipRequested = action, before.globalPiP == .disabled || (before.openRoom.map { before.pipAvailability(for: $0) } == .disabled) {
            guard after == before, effects.isEmpty else { return "a request with PiP disabled did something: \(effects)" }
        }
        if case .roomSelected(let room) = action {
            let id = room.id
            if before.floatingRoomID == id {
                coverage.resumes += 1
                let reopened = effects.contains { if case .openPlayback = $0 { true } else { false } }
                guard !reopened, after.openRoomID == id, after.floatingRoomID == nil else { return "resume reopened or did not resume" }
            } else if before.isHosting, before.openRoomID != id {
                guard after == before, effects == [.toast(.stillHosting)] else { return "hosting did not lock the choice" }
            }
        }
        if let released = before.floatingRoomID, after.floatingRoomID == nil {
            if after.openRoomID == released {
                coverage.restores += 1
            } else {
                coverage.releases += 1
                guard effects.filter({ $0 == .stopPlayback(released) }).count == 1 else { return "release did not stop \(released) once" }
            }
        }
        return nil
    }

    func testRandomSequencesKeepEveryInvariant() {
        let seed = ProcessInfo.processInfo.environment["FLOATAPP_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0...UInt64.max)
        print("SessionModelTests seed: FLOATAPP_SEED=\(seed)")
        var rng = SeededRandom(seed: seed)
        var coverage = Coverage()
        let sequences = 40
        let stepsPerSequence = 400
        for sequence in 0..<sequences {
            var state = F.start()
            var shell = ShellModel()
            var time = 0.0
            var history: [SessionAction] = []
            for step in 0..<stepsPerSequence {
                let action = Self.randomAction(&rng, state: state, time: &time)
                history.append(action)
                let before = state
                let effects = state.reduce(action)
                let problem = shell.apply(effects)
                    ?? Self.checkStep(action, before: before, after: state, effects: effects, shell: shell, coverage: &coverage)
                coverage.steps += 1
                if state.isActive { coverage.activeSteps += 1 }
                if let problem {
                    XCTFail("seed \(seed), sequence \(sequence), step \(step): \(problem)\nlast actions: \(history.suffix(8))\neffects: \(effects)")
                    return
                }
            }
        }
        print("SessionModelTests coverage: \(coverage)")
        XCTAssertGreaterThanOrEqual(coverage.steps, 10_000)
        XCTAssertGreaterThan(coverage.activeSteps, coverage.steps / 50, "sequences rarely reach a float")
        XCTAssertGreaterThan(coverage.resumes, 10)
        XCTAssertGreaterThan(coverage.releases, 10)
        XCTAssertGreaterThan(coverage.restores, 10)
        XCTAssertGreaterThan(coverage.refusals, 10)
    }
}
