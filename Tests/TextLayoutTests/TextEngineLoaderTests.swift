import Foundation
import LocksAndThreads
import TestSupport
import TextLayout
import XCTest

/// The engine a loader opens on its own thread is handed to the thread that asks for it and
/// lays out text as an engine made there does.
final class TextEngineLoaderTests: XCTestCase {
    func testTheLoadedEngineLaysOutEveryScriptAsOneMadeHere() {
        let samples = MultilingualTitles.byScript.map { TextEngineLoader.Sample($0.title, size: 15, weight: .bold) }
        let loader = TextEngineLoader(samples: samples, scale: 1.5)
        let here = TextEngine()
        let loaded = loader.engine()
        for (script, title) in MultilingualTitles.byScript {
            XCTAssertEqual(loaded.layout(title, size: 15, weight: .bold, scale: 1.5).width,
                           here.layout(title, size: 15, weight: .bold, scale: 1.5).width, script)
        }
    }

    func testAnotherThreadWaitsForTheEngineAndGetsIt() {
        let loader = TextEngineLoader(samples: [], scale: 1)
        let width = Guarded(0)
        let done = expectation(description: "the engine reached the asking thread")
        Thread {
            let line = loader.engine().layout("FloatApp", size: 24, weight: .bold, scale: 1)
            width.withLock { $0 = line.width }
            done.fulfill()
        }.start()
        wait(for: [done], timeout: 30)
        XCTAssertGreaterThan(width.withLock { $0 }, 0)
    }
}
