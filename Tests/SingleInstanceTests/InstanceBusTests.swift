import EngineTerms
import Foundation
import SessionBus
import TestSupport
import XCTest
@testable import SingleInstance

/// One FloatApp per session (W14) on a real private session bus: the first claims the name and
/// answers `org.freedesktop.Application`, a second hands its request over and is done within
/// 2 s, and real clients (`gdbus`) are answered the way GApplication's are.
final class InstanceBusTests: XCTestCase {
    /// Counts the bus thread's wake-ups, as the app's main loop would see them.
    final class WakeCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func wake() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    private func startFirst(on bus: PrivateBus, wakes: WakeCounter = WakeCounter()) throws -> InstanceService {
        guard case .claimed(let name) = try InstanceService.claim(.activate(.init()), address: bus.address) else {
            throw XCTSkip("the name was taken on a new bus")
        }
        let service = try InstanceService.start(name)
        service.setWake { wakes.wake() }
        addTeardownBlock { service.stop() }
        return service
    }

    private func requests(of service: InstanceService, count: Int) throws -> [InstanceRequest] {
        var taken: [InstanceRequest] = []
        try eventually("\(count) requests arrive, got \(taken)", timeout: 5) {
            taken += service.takeRequests()
            return taken.count >= count
        }
        return taken
    }

    func testASecondClaimHandsItsItemsToTheFirstWithinTwoSeconds() throws {
        let bus = try PrivateBus(for: self)
        let wakes = WakeCounter()
        let service = try startFirst(on: bus, wakes: wakes)
        let uris = ["file:///tmp/two%20words/clip.mp4", "https://tv.example/live.m3u8",
                    "floatapp://live?title=News&url=https%3A%2F%2Ftv.example%2Fnews.m3u8"]
        let activation = InstanceRequest.Activation(startupID: "floatapp-2_TIME123456", token: nil)
        let start = Date()
        guard case .handedOver = try InstanceService.claim(.open(uris, activation), address: bus.address) else {
            return XCTFail("the second claim took the name the first owns")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 2, "the hand-over took too long")
        let received = try requests(of: service, count: 1)
        XCTAssertEqual(received, [.open(["/tmp/two words/clip.mp4", uris[1], uris[2]], activation)],
                       "a file URI comes back as its path, URLs and links as they are")
        XCTAssertEqual(received.first?.activation.startupTime, 123_456)
        XCTAssertGreaterThan(wakes.value, 0, "the main loop is woken")
    }

    func testASecondClaimWithNoItemsActivatesTheFirst() throws {
        let bus = try PrivateBus(for: self)
        let service = try startFirst(on: bus)
        guard case .handedOver = try InstanceService.claim(.activate(.init(token: "wayland-token")), address: bus.address) else {
            return XCTFail("the second claim took the name")
        }
        XCTAssertEqual(try requests(of: service, count: 1), [.activate(.init(token: "wayland-token"))])
    }

    func testRequestsWaitUntilTheLoopCanBeWoken() throws {
        let bus = try PrivateBus(for: self)
        guard case .claimed(let name) = try InstanceService.claim(.activate(.init()), address: bus.address) else {
            return XCTFail("no name on a new bus")
        }
        let service = try InstanceService.start(name)
        addTeardownBlock { service.stop() }
        _ = try InstanceService.claim(.open(["https://a.example/x"], .init()), address: bus.address)
        let wakes = WakeCounter()
        service.setWake { wakes.wake() }
        XCTAssertEqual(wakes.value, 1, "a request that came before the loop could be woken wakes it when it can")
        XCTAssertEqual(service.takeRequests(), [.open(["https://a.example/x"], .init())])
    }

    func testGdbusOpenAndActivateActionAreAnsweredAsGApplicationsAre() throws {
        let bus = try PrivateBus(for: self)
        let service = try startFirst(on: bus)
        let call = ["gdbus", "call", "--session", "--dest", ApplicationID.busName, "--object-path", ApplicationID.objectPath]
        // GApplication's own launcher adds `cwd` as a byte string: it is left out, not refused.
        let open = try bus.run(call + ["--method", "org.freedesktop.Application.Open", "['https://a.example/live.m3u8']",
                                       "{'cwd': <b'/tmp'>, 'desktop-startup-id': <'gdbus_TIME42'>}"])
        XCTAssertEqual(open.status, 0, open.output)
        let action = try bus.run(call + ["--method", "org.freedesktop.Application.ActivateAction", "room-list", "[]", "{}"])
        XCTAssertEqual(action.status, 0, action.output)
        let unknown = try bus.run(call + ["--method", "org.freedesktop.Application.ActivateAction", "format-disk", "[]", "{}"])
        XCTAssertNotEqual(unknown.status, 0, "an action the desktop file does not have is refused")
        XCTAssertEqual(try requests(of: service, count: 2), [
            .open(["https://a.example/live.m3u8"], .init(startupID: "gdbus_TIME42")), .action("room-list", .init()),
        ])
        let xml = try bus.run(call + ["--method", "org.freedesktop.DBus.Introspectable.Introspect"])
        XCTAssertTrue(xml.output.contains("org.freedesktop.Application"), xml.output)
    }

    func testAnOwnerThatNeverAnswersIsGivenUpOnInTime() throws {
        let bus = try PrivateBus(for: self)
        // Owns the name and never reads its socket: a FloatApp hung in its bus thread.
        let silent = try BusConnection(address: bus.address, timeout: 2)
        XCTAssertTrue(try silent.requestName(ApplicationID.busName))
        let start = Date()
        XCTAssertThrowsError(try InstanceService.claim(.activate(.init()), address: bus.address)) { error in
            guard case .callFailed(ApplicationID.busName, "Activate", _)? = error as? SessionBusFailure else {
                return XCTFail("\(error)")
            }
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 2, "the caller runs on its own within 2 s")
        withExtendedLifetime(silent) {}
    }

    func testNoSessionBusIsSaidAtOnce() {
        XCTAssertThrowsError(try InstanceService.claim(.activate(.init()), environment: [:])) { error in
            XCTAssertEqual(error as? SessionBusFailure, .noSessionBus)
        }
    }
}
