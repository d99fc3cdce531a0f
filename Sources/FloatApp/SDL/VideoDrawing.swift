import AppCore
import CSDL
import Foundation

/// How the windows draw video (D9), chosen once at start: SDL's software renderer copying
/// pictures converted on the CPU to the size shown, or SDL's OpenGL renderer drawing the
/// decoder's YUV planes, which the GPU converts and scales.
struct VideoDrawing: Equatable {
    /// The SDL render driver the windows use: nil for SDL's default (the software renderer,
    /// or whatever `SDL_RENDER_DRIVER` says), else the index of opengl or opengles2.
    let driverIndex: Int32?
    /// Why this path, for the log line.
    let reason: String

    /// Whether pictures are drawn at the decoded size and scaled by the renderer.
    var scalesOnGPU: Bool { driverIndex != nil }

    /// The window flag the renderer needs (SDL would otherwise make the window again).
    var windowFlags: UInt32 { scalesOnGPU ? SDL_WINDOW_OPENGL.rawValue : 0 }

    /// The software path, for `reason`.
    static func software(_ reason: String) -> VideoDrawing { VideoDrawing(driverIndex: nil, reason: reason) }

    /// The path `choice` asks for on this machine; `auto` asks OpenGL which renderer is behind it
    /// (a hidden 1x1 window) only when a GPU device exists, so a machine without one starts
    /// as fast as before.
    @MainActor
    static func choose(_ choice: Options.RendererChoice) -> VideoDrawing {
        if choice == .software { return .software("--renderer software") }
        guard let index = glDriverIndex() else { return .software("SDL has no OpenGL renderer") }
        if choice == .gl { return VideoDrawing(driverIndex: index, reason: "--renderer gl") }
        guard hasRenderNode() else { return .software("auto: no GPU device (no /dev/dri/renderD*)") }
        guard let name = probeRendererName(driver: index) else { return .software("auto: OpenGL did not start") }
        if isEmulated(name) { return .software("auto: GL_RENDERER \"\(name)\" is emulated on the CPU") }
        return VideoDrawing(driverIndex: index, reason: "auto: GL_RENDERER \"\(name)\" is a GPU")
    }

    /// Whether `GL_RENDERER` names one of Mesa's renderers that run on the CPU.
    static func isEmulated(_ glRenderer: String) -> Bool {
        let name = glRenderer.lowercased()
        return ["llvmpipe", "softpipe", "swrast", "software rasterizer"].contains { name.contains($0) }
    }

    /// SDL's opengl render driver's index, else opengles2's, else nil.
    private static func glDriverIndex() -> Int32? {
        var found: [String: Int32] = [:]
        for index in 0..<SDL_GetNumRenderDrivers() {
            var info = SDL_RendererInfo()
            if SDL_GetRenderDriverInfo(index, &info) == 0, let name = info.name { found[String(cString: name)] = index }
        }
        return found["opengl"] ?? found["opengles2"]
    }

    /// Whether the kernel shows a GPU render node.
    private static func hasRenderNode() -> Bool {
        let nodes = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        return nodes.contains { $0.hasPrefix("renderD") }
    }

    /// The `GL_RENDERER` of a renderer made on a hidden 1x1 window, then destroyed.
    @MainActor
    private static func probeRendererName(driver: Int32) -> String? {
        guard let window = SDL_CreateWindow("FloatApp - OpenGL", 0, 0, 1, 1,
                                            SDL_WINDOW_HIDDEN.rawValue | SDL_WINDOW_OPENGL.rawValue) else { return nil }
        defer { SDL_DestroyWindow(window) }
        guard let renderer = SDL_CreateRenderer(window, driver, SDL_RENDERER_ACCELERATED.rawValue) else { return nil }
        defer { SDL_DestroyRenderer(renderer) }
        return glRendererName()
    }

    /// `glGetString(GL_RENDERER)` of the OpenGL context current on this thread: a renderer's
    /// right after it was made.
    static func glRendererName() -> String? {
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        guard let address = SDL_GL_GetProcAddress("glGetString") else { return nil }
        let glRenderer: UInt32 = 0x1F01
        return unsafeBitCast(address, to: GetString.self)(glRenderer).map { String(cString: $0) }
    }
}
