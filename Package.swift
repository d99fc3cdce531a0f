// swift-tools-version:6.0
import PackageDescription

// Pango's headers sit in two folders of their own (the same on every Debian arch). pango.pc would
// give them, but its flags carry -pthread, which SwiftPM refuses with a warning; CPango takes
// glib's, cairo's and FreeType's folders from cairo.pc, and every target that sees CPango (the
// text layer and, through it, its clients) adds these two.
/// The float's geometry and motion, and their statistical tests (hundreds of thousands of simulated
/// hand gestures), and the rooms file's parser and its fuzz test (20,000 mutated files) are
/// compiled with optimization in debug builds too: the tests keep their sample sizes and run in a
/// fraction of the time, and the code is the same code the release build ships. So are the
/// per-sample loops over pictures and sound (PictureAndSoundMath): written with SIMD types, whose every
/// lane operation is a generic call at -Onone, they ran over 1,000 times slower unoptimized (150 ms
/// to halve one 720p picture), and a debug build could not keep a 30 fps broadcast's preview going.
let optimizedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]
let gstreamerHeaders: [SwiftSetting] = [.unsafeFlags(["-Xcc", "-I/usr/include/gstreamer-1.0"])]
let pangoHeaders: [SwiftSetting] = [.unsafeFlags(["-Xcc", "-I/usr/include/pango-1.0", "-Xcc", "-I/usr/include/harfbuzz"])]

let package = Package(
    name: "FloatApp",
    products: [
        .executable(name: "floatapp", targets: ["FloatApp"]),
        .library(name: "LocksAndThreads", targets: ["LocksAndThreads"]),
        .library(name: "Logging", targets: ["Logging"]),
        .library(name: "PiPLayout", targets: ["PiPLayout"]),
        .library(name: "Rooms", targets: ["Rooms"]),
        .library(name: "EngineTerms", targets: ["EngineTerms"]),
        .library(name: "Session", targets: ["Session"]),
        .library(name: "LiveDirectory", targets: ["LiveDirectory"]),
        .library(name: "DirectoryFetch", targets: ["DirectoryFetch"]),
        .library(name: "FFmpeg", targets: ["FFmpeg"]),
        .library(name: "Playback", targets: ["Playback"]),
        .library(name: "Broadcast", targets: ["Broadcast"]),
        .library(name: "AppCore", targets: ["AppCore"]),
        .library(name: "Files", targets: ["Files"]),
        .library(name: "MPRIS", targets: ["MPRIS"]),
        .library(name: "SessionBus", targets: ["SessionBus"]),
        .library(name: "SingleInstance", targets: ["SingleInstance"]),
        .library(name: "DesktopSettings", targets: ["DesktopSettings"]),
        .library(name: "Localization", targets: ["Localization"]),
        .library(name: "TextLayout", targets: ["TextLayout"]),
        .library(name: "JanusProtocol", targets: ["JanusProtocol"]),
        .library(name: "Janus", targets: ["Janus"]),
        .library(name: "WebRTC", targets: ["WebRTC"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSDL",
            providers: [.apt(["libsdl2-dev"])]
        ),
        .systemLibrary(
            name: "CFFmpeg",
            pkgConfig: "libavformat",
            providers: [.apt([
                "libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev",
                "libswresample-dev", "libavdevice-dev", "libavfilter-dev",
            ])]
        ),
        .systemLibrary(
            name: "CPango",
            pkgConfig: "cairo",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]
        ),
        .systemLibrary(
            name: "CX11",
            pkgConfig: "x11",
            providers: [.apt(["libx11-dev", "libxtst-dev"])]
        ),
        // libXtst for the tests' XTEST input only (its declarations are in CX11).
        .systemLibrary(
            name: "CXTest",
            providers: [.apt(["libxtst-dev"])]
        ),
        .systemLibrary(
            name: "CDBus",
            pkgConfig: "dbus-1",
            providers: [.apt(["libdbus-1-dev"])]
        ),
        .systemLibrary(name: "CIntl"),
        // GStreamer's webrtcbin and app elements for WebRTC calls. gstreamer-1.0.pc's flags carry
        // -pthread, which SwiftPM refuses with a warning, so CGStreamer takes glib's folders from
        // glib-2.0.pc and its clients add GStreamer's own (gstreamerHeaders).
        .systemLibrary(
            name: "CGStreamer",
            pkgConfig: "glib-2.0",
            providers: [.apt(["libgstreamer1.0-dev", "libgstreamer-plugins-base1.0-dev"])]
        ),
        // libsoup 3's WebSocket client, loaded at first use (Sources/CSoup/shim.h says why), for
        // Janus's WebSocket API; GLib's and GIO's folders from glib-2.0.pc (gio-2.0.pc's flags carry -pthread).
        .systemLibrary(name: "CSoup", pkgConfig: "glib-2.0"),
        // libwayland-client with the xdg-activation-v1 protocol code wayland-scanner made
        // (scripts/wayland-protocols.sh), for bringing the float in front on Wayland (P18).
        .target(name: "CWayland", linkerSettings: [.linkedLibrary("wayland-client")]),
        .target(name: "Localization", dependencies: ["CIntl"]),
        .target(name: "LocksAndThreads"),
        .target(name: "Logging", dependencies: ["LocksAndThreads"]),
        .target(name: "PiPLayout", swiftSettings: optimizedInDebug),
        .target(name: "AccessibleTree"),
        .target(name: "AccessibilityBridge", dependencies: ["AccessibleTree", "EngineTerms", "LocksAndThreads", "SessionBus"]),
        .target(name: "Rooms", swiftSettings: optimizedInDebug),
        .target(name: "PictureAndSoundMath", swiftSettings: optimizedInDebug),
        .target(name: "EngineTerms", dependencies: ["Rooms"]),
        // Janus's API as values: the requests encoded, everything Janus sends decoded (bounded, typed).
        .target(name: "JanusProtocol", dependencies: ["Rooms"]),
        .target(name: "Session", dependencies: ["EngineTerms", "Rooms", "Logging"]),
        .target(name: "LiveDirectory", dependencies: ["JanusProtocol", "Rooms"]),
        .target(name: "DirectoryFetch", dependencies: ["LiveDirectory", "LocksAndThreads", "Rooms"]),
        .target(name: "SessionBus", dependencies: ["CDBus", "EngineTerms", "LocksAndThreads"]),
        .target(name: "MPRIS", dependencies: ["EngineTerms", "LocksAndThreads", "SessionBus"]),
        .target(name: "SingleInstance", dependencies: ["EngineTerms", "LocksAndThreads", "SessionBus"]),
        .target(name: "DesktopSettings", dependencies: ["CX11", "LocksAndThreads", "SessionBus", "EngineTerms"]),
        .target(name: "FFmpeg", dependencies: ["CFFmpeg", "EngineTerms", "LocksAndThreads", "PictureAndSoundMath", "Rooms"]),
        .target(name: "Playback", dependencies: ["CFFmpeg", "EngineTerms", "FFmpeg", "LocksAndThreads", "Logging", "PictureAndSoundMath", "Rooms"]),
        .target(name: "Broadcast", dependencies: ["CFFmpeg", "EngineTerms", "FFmpeg", "LocksAndThreads", "PictureAndSoundMath", "Rooms"]),
        .target(name: "AppCore", dependencies: ["AccessibleTree", "EngineTerms", "JanusProtocol", "PiPLayout", "Rooms", "Session", "LiveDirectory", "Logging", "Localization"]),
        .target(name: "WebRTC", dependencies: ["CGStreamer", "FFmpeg", "LocksAndThreads"], swiftSettings: gstreamerHeaders),
        .target(name: "Files", dependencies: ["EngineTerms", "PiPLayout", "Rooms"]),
        // Janus's HTTP or WebSocket API: a session (transactions, timeouts, events by long poll or
        // on the socket, keepalive, recreated when lost) and its VideoRoom handles.
        .target(name: "Janus", dependencies: ["CSoup", "EngineTerms", "JanusProtocol", "LiveDirectory", "LocksAndThreads", "Rooms"]),
        .target(name: "TextLayout", dependencies: ["CPango", "LocksAndThreads"], swiftSettings: pangoHeaders),
        .executableTarget(name: "PublishProbe", dependencies: ["Broadcast"]),
        // FilesTests.RoomsFileKillTests' child: the app's rooms-file saves in a loop, killed at random.
        .executableTarget(name: "RoomsSaveLoop", dependencies: ["Files", "Rooms"], path: "Tests/Tools/RoomsSaveLoop"),
        // bench/text.py's worker: the list's text drawn by TextLayout or by the SDL_ttf code it replaced.
        // bench/webrtc.py's worker: WebRTC media through a Janus VideoRoom, timed and costed.
        .executableTarget(name: "WebRTCBench", dependencies: ["Janus", "JanusProtocol", "WebRTC", "FFmpeg"], path: "bench/WebRTCBench",
                          swiftSettings: gstreamerHeaders),
        .executableTarget(name: "TextBench", dependencies: ["CSDL", "TextLayout"], path: "bench/TextBench",
                          swiftSettings: pangoHeaders),
        .executableTarget(
            name: "FloatApp",
            dependencies: [
                "CSDL", "CWayland", "EngineTerms", "FFmpeg", "LocksAndThreads", "Logging", "PiPLayout", "Rooms", "Session", "LiveDirectory", "DirectoryFetch", "AppCore", "Files",
                "Playback", "Broadcast", "MPRIS", "AccessibilityBridge", "AccessibleTree", "SingleInstance", "DesktopSettings", "Localization", "TextLayout",
                "Janus", "JanusProtocol", "WebRTC",
            ],
            swiftSettings: pangoHeaders
        ),
        .target(name: "LiveServerTestSupport", dependencies: ["DirectoryFetch", "LiveDirectory", "TestSupport"], path: "Tests/LiveServerTestSupport"),
        // Waiting, child processes, X displays and ports for every test target; no app target.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // The app core's and the session model's steps and fixture rooms.
        .target(name: "AppCoreTestSupport", dependencies: ["AppCore", "Rooms", "Session", "TestSupport"],
                path: "Tests/AppCoreTestSupport"),
        .testTarget(name: "PiPLayoutTests", dependencies: ["PiPLayout", "TestSupport"], swiftSettings: optimizedInDebug),
        .testTarget(name: "RoomsTests", dependencies: ["Rooms", "AppCore", "TestSupport"], swiftSettings: optimizedInDebug),
        .testTarget(name: "SessionTests", dependencies: ["EngineTerms", "Session", "Rooms", "TestSupport", "AppCoreTestSupport"]),
        .testTarget(name: "LiveDirectoryTests", dependencies: ["LiveDirectory", "Rooms"]),
        .testTarget(name: "AppCoreTests",
                    dependencies: ["AccessibleTree", "AppCore", "JanusProtocol", "EngineTerms", "PiPLayout", "Rooms", "Session", "LiveDirectory", "Logging", "TestSupport", "AppCoreTestSupport", "Localization"]),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization", "AppCore", "EngineTerms", "Rooms", "Session", "TestSupport", "AppCoreTestSupport"]),
        .testTarget(name: "FilesTests", dependencies: ["EngineTerms", "Files", "Rooms", "TestSupport"]),
        .testTarget(name: "PlaybackTests",
                    dependencies: ["Playback", "Broadcast", "CFFmpeg", "DirectoryFetch", "EngineTerms", "FFmpeg", "LiveDirectory", "LocksAndThreads", "Rooms",
                                   "LiveServerTestSupport", "TestSupport"]),
        .testTarget(name: "BroadcastTests",
                    dependencies: ["Broadcast", "Playback", "CFFmpeg", "DirectoryFetch", "EngineTerms", "FFmpeg", "LiveDirectory", "LiveServerTestSupport", "LocksAndThreads", "TestSupport"]),
        .testTarget(name: "FloatAppTests",
                    dependencies: ["CX11", "CXTest", "Janus", "JanusProtocol", "PiPLayout", "Rooms", "LiveDirectory", "DesktopSettings", "LiveServerTestSupport", "TestSupport"]),
        .testTarget(name: "AccessibilityBridgeTests", dependencies: ["AccessibilityBridge", "AccessibleTree", "SessionBus"]),
        .testTarget(name: "MPRISTests", dependencies: ["EngineTerms", "MPRIS", "SessionBus", "TestSupport"]),
        .testTarget(name: "SingleInstanceTests", dependencies: ["EngineTerms", "SessionBus", "SingleInstance", "TestSupport"]),
        .testTarget(name: "DesktopSettingsTests", dependencies: ["DesktopSettings", "SessionBus"]),
        .testTarget(name: "LocksAndThreadsTests", dependencies: ["LocksAndThreads"]),
        .testTarget(name: "JanusTests", dependencies: ["Janus", "JanusProtocol", "TestSupport"]),
        .testTarget(name: "JanusProtocolTests", dependencies: ["JanusProtocol", "Rooms", "TestSupport"]),
        .testTarget(name: "WebRTCTests", dependencies: ["WebRTC", "FFmpeg", "TestSupport"], swiftSettings: gstreamerHeaders),
        .testTarget(name: "TextLayoutTests", dependencies: ["TextLayout", "LocksAndThreads", "TestSupport"], swiftSettings: pangoHeaders),
    ],
    swiftLanguageModes: [.v6]
)
