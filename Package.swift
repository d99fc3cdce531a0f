// swift-tools-version:6.0
import PackageDescription

// Pango's headers sit in two folders of their own (the same on every Debian arch). pango.pc would
// give them, but its flags carry -pthread, which SwiftPM refuses with a warning; CPango takes
// glib's, cairo's and FreeType's folders from cairo.pc, and every target that sees CPango (the
// text layer and, through it, its clients) adds these two.
let pangoHeaders: [SwiftSetting] = [.unsafeFlags(["-Xcc", "-I/usr/include/pango-1.0", "-Xcc", "-I/usr/include/harfbuzz"])]

let package = Package(
    name: "FloatApp",
    products: [
        .executable(name: "floatapp", targets: ["FloatApp"]),
        .library(name: "PiPLayout", targets: ["PiPLayout"]),
        .library(name: "Playback", targets: ["Playback"]),
        .library(name: "AppCore", targets: ["AppCore"]),
        .library(name: "MPRIS", targets: ["MPRIS"]),
        .library(name: "DesktopSettings", targets: ["DesktopSettings"]),
        .library(name: "ServerFetch", targets: ["ServerFetch"]),
        .library(name: "TextLayout", targets: ["TextLayout"]),
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
        .systemLibrary(
            name: "CDBus",
            pkgConfig: "dbus-1",
            providers: [.apt(["libdbus-1-dev"])]
        ),
        .target(name: "PiPLayout"),
        .target(name: "MPRIS", dependencies: ["CDBus"]),
        .target(name: "DesktopSettings", dependencies: ["CSDL"]),
        .target(name: "Playback", dependencies: ["CFFmpeg", "PiPLayout"]),
        .target(name: "AppCore", dependencies: ["PiPLayout"]),
        .target(name: "ServerFetch"),
        .target(name: "TextLayout", dependencies: ["CPango"], swiftSettings: pangoHeaders),
        .executableTarget(name: "PublishProbe", dependencies: ["Playback"]),
        // bench/text.py's worker: the list's text drawn by TextLayout or by the SDL_ttf code it replaced.
        .executableTarget(name: "TextBench", dependencies: ["CSDL", "TextLayout"], path: "bench/TextBench",
                          swiftSettings: pangoHeaders),
        .executableTarget(
            name: "FloatApp",
            dependencies: ["CSDL", "PiPLayout", "AppCore", "Playback", "MPRIS", "DesktopSettings", "ServerFetch",
                           "TextLayout"],
            swiftSettings: pangoHeaders
        ),
        .testTarget(name: "PiPLayoutTests", dependencies: ["PiPLayout", "TestSupport"]),
        .testTarget(name: "AppCoreTests", dependencies: ["AppCore", "PiPLayout", "TestSupport"]),
        .target(name: "LiveServerTestSupport", path: "Tests/LiveServerTestSupport"),
        .target(name: "TestSupport", dependencies: ["PiPLayout"], path: "Tests/TestSupport"),
        .testTarget(name: "PlaybackTests",
                    dependencies: ["Playback", "CFFmpeg", "ServerFetch", "PiPLayout", "LiveServerTestSupport", "TestSupport"]),
        .testTarget(name: "FloatAppTests", dependencies: ["CX11", "PiPLayout", "DesktopSettings", "LiveServerTestSupport", "TestSupport"]),
        .testTarget(name: "MPRISTests", dependencies: ["MPRIS"]),
        .testTarget(name: "DesktopSettingsTests", dependencies: ["DesktopSettings"]),
        .testTarget(name: "TextLayoutTests", dependencies: ["TextLayout", "TestSupport"], swiftSettings: pangoHeaders),
    ],
    swiftLanguageModes: [.v6]
)
