import CSDL

/// Owns an `SDL_Texture` and keeps its renderer alive.
@MainActor
final class Texture {
    let handle: OpaquePointer
    let renderer: Renderer
    let width: Int32
    let height: Int32

    init(renderer: Renderer, format: UInt32, access: SDL_TextureAccess, width: Int32, height: Int32) throws {
        self.renderer = renderer
        self.width = width
        self.height = height
        handle = try sdlCheck(
            SDL_CreateTexture(renderer.handle, format, Int32(access.rawValue), width, height),
            "SDL_CreateTexture(\(width)x\(height))")
    }

    init(renderer: Renderer, surface: UnsafeMutablePointer<SDL_Surface>) throws {
        self.renderer = renderer
        self.width = surface.pointee.w
        self.height = surface.pointee.h
        handle = try sdlCheck(
            SDL_CreateTextureFromSurface(renderer.handle, surface), "SDL_CreateTextureFromSurface")
    }

    isolated deinit {
        SDL_DestroyTexture(handle)
    }

    func draw(to dst: SDL_Rect, alpha: UInt8 = 255) {
        var d = dst
        SDL_SetTextureAlphaMod(handle, alpha)
        SDL_RenderCopy(renderer.handle, handle, nil, &d)
    }
}
