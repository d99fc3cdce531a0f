import FFmpeg
import Foundation
import TestSupport
import WebRTC
import XCTest

/// A real browser in the call: Chromium (headless, its fake camera and microphone) on a page of
/// the project's own on janus.js shares a Janus VideoRoom with FloatApp's WebRTC peers. Each sees
/// and hears the other, and each one's mute is heard as silence by the other.
final class BrowserCallTests: XCTestCase {
    func testBrowserAndFloatAppSeeAndHearEachOther() throws {
        try requireTestNetwork()
        let janus = try JanusTestServer()
        let call = try TestCall(janus: janus, display: "FloatApp")
        defer { call.stop() }
        let browser = try BrowserPage(api: janus.apiURL.absoluteString, room: JanusTestServer.room)
        let feed = try eventuallyValue("the browser joins\n\(browser.logs)", timeout: 20, poll: 0.2) {
            browser.report?["joined"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
        }
        let startFrames = try eventuallyValue("the browser shows FloatApp's picture\n\(browser.logs)", timeout: 15, poll: 0.2) {
            browser.number("width") == 320 && browser.number("height") == 240 ? browser.number("frames") : nil
        }
        try eventually("the browser's frames advance", timeout: 5, poll: 0.2) { browser.number("frames") >= startFrames + 10 }
        try eventually("the browser hears FloatApp's tone (\(browser.number("level")))", timeout: 10, poll: 0.2) {
            browser.number("level") > 0.05
        }

        let fromBrowser = try eventuallyValue("FloatApp subscribes to the browser", timeout: 10, poll: 0.5) { try? call.subscribe(to: feed) }
        try fromBrowser.awaitMedia(tone: false)
        let size = try XCTUnwrap(fromBrowser.received.size(fromBrowser.videoMid))
        XCTAssertGreaterThan(size.0 * size.1, 0)

        call.media.setSilent(true)
        try eventually("the browser hears FloatApp's mute (\(browser.number("level")))", timeout: 5, poll: 0.2) {
            browser.number("level") < 0.005
        }
        try browser.mute()
        try eventually("FloatApp hears the browser's mute (\(fromBrowser.received.level(fromBrowser.audioMid)))", timeout: 5) {
            fromBrowser.received.level(fromBrowser.audioMid) < 0.001
        }
    }
}
