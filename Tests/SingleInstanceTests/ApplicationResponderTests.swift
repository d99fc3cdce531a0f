import EngineTerms
import SessionBus
import XCTest
@testable import SingleInstance

/// `org.freedesktop.Application`'s answers, without a bus: the limits of what a caller may
/// hand over and the requests made of the app.
final class ApplicationResponderTests: XCTestCase {
    private func answer(_ member: String, _ arguments: [DBusValue], path: String = ApplicationID.objectPath,
                        interface: String? = ApplicationID.interface) -> (reply: BusReply, request: InstanceRequest?) {
        ApplicationResponder.answer(BusCall(path: path, interface: interface, member: member, arguments: arguments))
    }

    private func errorName(_ reply: BusReply) -> String? {
        if case .error(let name, _) = reply { name } else { nil }
    }

    func testOpenHandsOverItemsUpToItsLimits() {
        let most = [String](repeating: "https://a.example/x", count: ApplicationResponder.maximumItems)
        XCTAssertEqual(answer("Open", [.stringArray(most), .dictionary([])]).request, .open(most, .init()))
        XCTAssertEqual(errorName(answer("Open", [.stringArray(most + ["one more"]), .dictionary([])]).reply),
                       "org.freedesktop.DBus.Error.LimitsExceeded")
        let long = "https://a.example/" + String(repeating: "x", count: ApplicationResponder.maximumItemLength)
        let refused = answer("Open", [.stringArray([long]), .dictionary([])])
        XCTAssertNil(refused.request)
        XCTAssertEqual(errorName(refused.reply), "org.freedesktop.DBus.Error.LimitsExceeded")
        XCTAssertEqual(errorName(answer("Open", [.stringArray([""]), .dictionary([])]).reply), "org.freedesktop.DBus.Error.InvalidArgs")
        XCTAssertEqual(errorName(answer("Open", [.stringArray(["x"])]).reply), "org.freedesktop.DBus.Error.InvalidArgs")
    }

    func testPlatformDataGivesTheStartupIDAndToken() {
        let data = DBusValue.dictionary([("desktop-startup-id", .string("launcher_TIME99")), ("activation-token", .string("t0k3n")),
                                         ("other", .bool(true))])
        let request = answer("Activate", [data]).request
        XCTAssertEqual(request, .activate(.init(startupID: "launcher_TIME99", token: "t0k3n")))
        XCTAssertEqual(request?.activation.startupTime, 99)
        XCTAssertNil(InstanceRequest.Activation(startupID: "no-time").startupTime)
    }

    func testOtherObjectsAndMethodsAreRefused() {
        XCTAssertEqual(errorName(answer("Activate", [.dictionary([])], path: "/elsewhere").reply), "org.freedesktop.DBus.Error.UnknownObject")
        XCTAssertEqual(errorName(answer("Quit", []).reply), "org.freedesktop.DBus.Error.UnknownMethod")
        XCTAssertEqual(answer("Activate", [.dictionary([])], interface: nil).request, .activate(.init()),
                       "D-Bus lets a caller leave the interface out")
        XCTAssertEqual(answer("Ping", [], interface: "org.freedesktop.DBus.Peer").reply, .values([]))
        let parent = answer("Introspect", [], path: "/org/floatapp", interface: "org.freedesktop.DBus.Introspectable")
        XCTAssertEqual(parent.reply, .values([.string("<node><node name=\"FloatApp\"/></node>")]))
    }

    func testItemsTravelAsURIs() {
        let exists: (String) -> Bool = { $0 == "/home/ada/clip one.mp4" || $0 == "/home/ada/odd:name.mp4" }
        XCTAssertEqual(ItemURI.uri(for: "clip one.mp4", in: "/home/ada", fileExists: exists), "file:///home/ada/clip%20one.mp4")
        XCTAssertEqual(ItemURI.uri(for: "odd:name.mp4", in: "/home/ada", fileExists: exists), "file:///home/ada/odd:name.mp4",
                       "an existing file whose name looks like a scheme is a file")
        XCTAssertEqual(ItemURI.uri(for: "../bob/missing.mkv", in: "/home/ada", fileExists: exists), "file:///home/bob/missing.mkv",
                       "a missing path is still a path: the room tells the user")
        for item in ["https://tv.example/a b", "floatapp://call?room=x", "lavfi:testsrc", "rtmp://127.0.0.1/live/x"] {
            XCTAssertEqual(ItemURI.uri(for: item, in: "/home/ada", fileExists: exists), item)
        }
        XCTAssertEqual(ItemURI.item(for: "file:///home/ada/clip%20one.mp4"), "/home/ada/clip one.mp4")
        XCTAssertEqual(ItemURI.item(for: "file://localhost/tmp/x.mp4"), "/tmp/x.mp4")
        XCTAssertEqual(ItemURI.item(for: "file://elsewhere/tmp/x.mp4"), "file://elsewhere/tmp/x.mp4", "another host's file is no path here")
        XCTAssertEqual(ItemURI.item(for: "https://tv.example/a"), "https://tv.example/a")
    }
}
