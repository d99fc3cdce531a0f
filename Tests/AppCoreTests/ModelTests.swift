import AppCore
import EngineTerms
import Foundation
import PiPLayout
import Rooms
import Session
import TestSupport
import XCTest

/// Drives `AppState` with seeded random events and checks what must always hold.
/// The seed is printed; `FLOATAPP_SEED=n` replays a run.
final class ModelTests: XCTestCase {
    /// What a shell following the effects would have on screen.
    private struct Screen {
        var floatShown = false
        /// How many times a float was shown, to know the runs reached the float at all.
        var shows = 0
    }

    func testRandomEventsKeepTheInvariants() {
        let seed = ProcessInfo.processInfo.environment["FLOATAPP_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64.max)
        print("ModelTests seed: \(seed) (replay with FLOATAPP_SEED=\(seed))")
        var rng = SeededRandom(seed: seed)
        var shows = 0
        for run in 0..<200 {
            var state = F.start()
            var screen = Screen()
            defer { shows += screen.shows }
            var now = 0.0
            for step in 0..<150 {
                now += Double.random(in: 0...0.4, using: &rng)
                let event = randomEvent(state, now: now, using: &rng)
                let effects = state.reduce(event, now: now)
                let context = "seed \(seed) run \(run) step \(step) after \(event)"
                check(effects, on: &screen, context)
                if effects.contains(where: { if case .showFloat = $0 { true } else { false } }), Bool.random(using: &rng),
                   Int.random(in: 0..<10, using: &rng) == 0 {
                    check(state.reduce(.floatFailedToShow, now: now), on: &screen, context + " then floatFailedToShow")
                    screen.floatShown = false
                }
                checkState(state, screen: screen, now: now, context)
                if state.exit != nil { break }
            }
        }
        XCTAssertGreaterThan(shows, 50, "the runs float rooms often enough to check the float")
    }

    private func check(_ effects: [AppEffect], on screen: inout Screen, _ context: String) {
        for effect in effects {
            switch effect {
            case .showFloat:
                XCTAssertFalse(screen.floatShown, "one float at most: \(context)")
                screen.floatShown = true
                screen.shows += 1
            case .hideFloat:
                XCTAssertTrue(screen.floatShown, "no effect on a hidden float: \(context)")
                screen.floatShown = false
            case .moveFloat:
                XCTAssertTrue(screen.floatShown, "no effect on a hidden float: \(context)")
            default:
                break
            }
        }
    }

    private func checkState(_ state: AppState, screen: Screen, now: Double, _ context: String) {
        XCTAssertEqual(state.float.visible, screen.floatShown, "the state knows what is on screen: \(context)")
        if state.float.visible {
            XCTAssertNotNil(state.session.floatWindowRoomID, "a shown float shows a room: \(context)")
        }
        if let id = state.session.floatingRoomID, state.float.visible {
            let count = state.rooms[id]?.sources.count ?? 0
            XCTAssertTrue(state.floatSources.allSatisfy { $0 < count }, "the float's speaker is in its room: \(context)")
            XCTAssertLessThan(state.floatSource, max(count, 1), "the float's speaker is in its room: \(context)")
        }
        XCTAssertGreaterThanOrEqual(state.nextWake(now: now, frameDelay: Double.random(in: 0...0.1)), now,
                                    "the next wake is never in the past: \(context)")
        XCTAssertLessThanOrEqual(state.main.list.selected, max(0, state.listedRooms.count - 1), context)
    }

    private func randomEvent(_ state: AppState, now: Double, using rng: inout SeededRandom) -> AppEvent {
        let window: WindowKind = Bool.random(using: &rng) ? .main : .float
        let x = Int.random(in: -10...980, using: &rng), y = Int.random(in: -10...620, using: &rng)
        let global = Point(x: Double.random(in: 0...1920, using: &rng), y: Double.random(in: 0...1080, using: &rng))
        let keys: [Key] = [.up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .space, .escape,
                           .backspace, .plus, .minus, .letter("p"), .letter("m"), .letter("l"), .letter("u"),
                           .letter("r"), .letter("w"), .letter("q")]
        switch Int.random(in: 0..<17, using: &rng) {
        case 0, 1:
            let key = keys.randomElement(using: &rng)!
            let ctrl = key == .letter("w") || (key == .letter("q") && Int.random(in: 0..<20, using: &rng) == 0)
            return .key(key, window: window, ctrl: ctrl, isRepeat: Int.random(in: 0..<5, using: &rng) == 0)
        case 2: return .pointerMoved(window: window, x: x, y: y, global: global, time: now)
        case 3: return .pointerPressed(window: window, x: x, y: y, global: global, time: now)
        case 4: return .pointerReleased(window: window, x: x, y: y, global: global, time: now, overFloat: Bool.random(using: &rng))
        case 5: return .wheel(window: window, steps: Int.random(in: -3...3, using: &rng))
        case 6: return [.pointerEntered(window), .pointerLeft(window), .exposed(window), .shown(window), .closed(.float)].randomElement(using: &rng)!
        case 7: return [.minimized, .restored, .focused(minimized: Bool.random(using: &rng)), .focusLost].randomElement(using: &rng)!
        case 8, 9: return randomPoll(state, using: &rng) ?? .tick(pointer: global)
        case 10:
            guard let id = state.rooms.keys.randomElement(using: &rng) else { return .tick(pointer: global) }
            return .frameReady(id, source: Int.random(in: 0..<3, using: &rng), serial: Int.random(in: 0..<50, using: &rng))
        case 11:
            let display = Display(full: Rect(x: 0, y: 0, width: [1280.0, 1920].randomElement(using: &rng)!, height: 1080))
            return .displaysRead([display])
        case 12: return [.framesUploaded(window), .painted(window)].randomElement(using: &rng)!
        case 13:
            let rooms = F.rooms.filter { _ in Bool.random(using: &rng) }
            return Bool.random(using: &rng) ? .roomsReloaded(RoomsConfig(rooms: rooms)) : .roomsFileFailed(.problems(1))
        case 14: return .key([.enter, .letter("p")].randomElement(using: &rng)!, window: .main, ctrl: false, isRepeat: false)
        default: return .tick(pointer: global)
        }
    }

    private func randomPoll(_ state: AppState, using rng: inout SeededRandom) -> AppEvent? {
        guard let (id, room) = state.rooms.randomElement(using: &rng) else { return nil }
        let statuses: [PlaybackStatus] = [.connecting, .buffering(percent: 50), .playing, .playing, .playing,
                                          .reconnecting(attempt: 1, retryIn: 0.5), .ended, .failed(.streamFailed("x"))]
        let reports = room.sources.indices.map { _ in
            SourceReport(status: statuses.randomElement(using: &rng)!, opens: Int.random(in: 1...3, using: &rng),
                         level: Double.random(in: -90...0, using: &rng),
                         videoSize: Size(width: [640.0, 1280].randomElement(using: &rng)!, height: 720))
        }
        return .playbackPolled(id, reports)
    }
}
