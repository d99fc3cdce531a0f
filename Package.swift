// swift-tools-version:6.0
import PackageDescription

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
        .library(name: "Localization", targets: ["Localization"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSDL",
            providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev"])]
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
            name: "CX11",
            pkgConfig: "x11",
            providers: [.apt(["libx11-dev", "libxtst-dev"])]
        ),
        .systemLibrary(
            name: "CDBus",
            pkgConfig: "dbus-1",
            providers: [.apt(["libdbus-1-dev"])]
        ),
        .systemLibrary(name: "CIntl"),
        .target(name: "Localization", dependencies: ["CIntl"]),
        .target(name: "PiPLayout", dependencies: ["Localization"]),
        .target(name: "MPRIS", dependencies: ["CDBus"]),
        .target(name: "DesktopSettings", dependencies: ["CSDL"]),
        .target(name: "Playback", dependencies: ["CFFmpeg", "PiPLayout", "Localization"]),
        .target(name: "AppCore", dependencies: ["PiPLayout", "Localization"]),
        .target(name: "ServerFetch", dependencies: ["Localization"]),
        .executableTarget(name: "PublishProbe", dependencies: ["Playback"]),
        .executableTarget(
            name: "FloatApp",
            dependencies: ["CSDL", "PiPLayout", "AppCore", "Playback", "MPRIS", "DesktopSettings", "ServerFetch",
                           "Localization"]
        ),
        .testTarget(name: "PiPLayoutTests", dependencies: ["PiPLayout", "TestSupport"]),
        .testTarget(name: "AppCoreTests", dependencies: ["AppCore", "PiPLayout", "TestSupport", "Localization"]),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization", "AppCore", "PiPLayout", "TestSupport"]),
        .target(name: "LiveServerTestSupport", path: "Tests/LiveServerTestSupport"),
        .target(name: "TestSupport", dependencies: ["PiPLayout"], path: "Tests/TestSupport"),
        .testTarget(name: "PlaybackTests",
                    dependencies: ["Playback", "CFFmpeg", "ServerFetch", "PiPLayout", "LiveServerTestSupport", "TestSupport"]),
        .testTarget(name: "FloatAppTests", dependencies: ["CX11", "PiPLayout", "DesktopSettings", "LiveServerTestSupport", "TestSupport"]),
        .testTarget(name: "MPRISTests", dependencies: ["MPRIS"]),
        .testTarget(name: "DesktopSettingsTests", dependencies: ["DesktopSettings"]),
    ],
    swiftLanguageModes: [.v6]
)
