// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "FloatApp",
    products: [
        .executable(name: "floatapp", targets: ["FloatApp"]),
        .library(name: "PiPLayout", targets: ["PiPLayout"]),
        .library(name: "Playback", targets: ["Playback"]),
        .library(name: "ServerFetch", targets: ["ServerFetch"]),
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
        .target(name: "PiPLayout"),
        .target(name: "Playback", dependencies: ["CFFmpeg"]),
        .target(name: "ServerFetch"),
        .executableTarget(name: "PublishProbe", dependencies: ["Playback"]),
        .executableTarget(
            name: "FloatApp",
            dependencies: ["CSDL", "PiPLayout", "Playback"]
        ),
        .testTarget(name: "PiPLayoutTests", dependencies: ["PiPLayout"]),
        .testTarget(name: "PlaybackTests", dependencies: ["Playback", "CFFmpeg", "ServerFetch", "PiPLayout"]),
        .testTarget(name: "FloatAppTests", dependencies: ["CX11", "PiPLayout"]),
    ],
    swiftLanguageModes: [.v6]
)
