import Broadcast
import Foundation
import Playback
import TestSupport
import XCTest

/// W9: a host's view is told of each preview picture as the capture makes it, so it can show the
/// picture at once instead of at its next idle poll. No server is needed: the preview runs while
/// the publisher reconnects.
final class PublisherPreviewTests: XCTestCase {
    func testEveryPreviewPictureIsAnnouncedOnceAsItIsMade() throws {
        let announced = PreviewCount()
        let nobody = "rtmp://127.0.0.1:\(freeLocalPort())/live/me"
        let publisher = Publisher(source: "lavfi:testsrc2=size=320x180:rate=30", url: nobody,
                                  onPreview: { announced.increment() })
        try eventually("\(announced.value) preview pictures announced", timeout: 10, poll: 0.005) {
            announced.value >= 30
        }
        publisher.stop()
        XCTAssertEqual(publisher.workingThreads, 0)
        let last = try XCTUnwrap(publisher.currentPreview())
        XCTAssertEqual(announced.value, last.serial, "one announcement per preview picture")
    }
}

/// A count kept from the capture thread.
private final class PreviewCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
