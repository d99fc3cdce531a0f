import Session
import XCTest

/// M3 and M4: observers of lifecycle and layout events.
final class SessionEventsTests: XCTestCase {
    final class Recorder {
        var events: [PiPEvent] = []
    }

    func testObserversReceiveLifecycleAndLayoutEventsInOrder() {
        let hub = PiPEvents()
        let first = Recorder()
        let second = Recorder()
        hub.subscribe { first.events.append($0) }
        hub.subscribe { second.events.append($0) }
        var state = SessionFixtures.open(SessionFixtures.liveA)
        hub.publish(effects: state.reduce(.pipRequested(origin: .control)))
        hub.publish(effects: state.reduce(.floatClicked))
        let expected: [PiPEvent] = [
            .lifecycle(.willStart), .layout(.pipLayoutEnabled), .lifecycle(.didStart),
            .lifecycle(.willStop), .layout(.pipLayoutDisabled), .lifecycle(.didStop),
        ]
        XCTAssertEqual(first.events, expected)
        XCTAssertEqual(second.events, expected)
    }

    func testAnUnsubscribedObserverHearsNothingMore() {
        let hub = PiPEvents()
        let recorder = Recorder()
        let token = hub.subscribe { recorder.events.append($0) }
        hub.publish(.layout(.participantListVisible))
        hub.unsubscribe(token)
        hub.unsubscribe(token)
        hub.publish(.layout(.participantListHidden))
        XCTAssertEqual(recorder.events, [.layout(.participantListVisible)])
        XCTAssertEqual(hub.observerCount, 0)
    }

    func testAnObserverMayUnsubscribeAnotherDuringDelivery() {
        let hub = PiPEvents()
        let recorder = Recorder()
        var secondToken: PiPObserverToken?
        hub.subscribe { [unowned hub] _ in
            if let secondToken { hub.unsubscribe(secondToken) }
        }
        secondToken = hub.subscribe { recorder.events.append($0) }
        hub.publish(.lifecycle(.willStart))
        XCTAssertEqual(recorder.events, [])
        XCTAssertEqual(hub.observerCount, 1)
    }

    func testAnObserverAddedDuringDeliveryStartsWithTheNextEvent() {
        let hub = PiPEvents()
        let recorder = Recorder()
        var added = false
        hub.subscribe { [unowned hub] _ in
            guard !added else { return }
            added = true
            hub.subscribe { recorder.events.append($0) }
        }
        hub.publish(.lifecycle(.willStart))
        hub.publish(.lifecycle(.didStart))
        XCTAssertEqual(recorder.events, [.lifecycle(.didStart)])
    }

    func testOnlyLifecycleAndLayoutEffectsArePublished() {
        let effects: [SessionEffect] = [
            .toast(.ended(title: "x")), .lifecycle(.failedToStart(.hosting)), .log(.debug, "y"), .layout(.callLayoutChanged(.sidebar)),
        ]
        XCTAssertEqual(effects.compactMap(\.pipEvent), [.lifecycle(.failedToStart(.hosting)), .layout(.callLayoutChanged(.sidebar))])
        XCTAssertEqual(effects.compactMap(\.pipEvent).map(\.description), [
            "failedToStart(hosting)", "callLayoutChanged(sidebar)",
        ])
    }
}
