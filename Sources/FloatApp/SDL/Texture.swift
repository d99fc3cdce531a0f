import CSDL
import TextLayout

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

    /// A static texture holding a line of text, blended over what is under it.
    convenience init(renderer: Renderer, bitmap: TextBitmap) throws {
        try self.init(renderer: renderer, format: floatapp_SDL_PIXELFORMAT_ARGB8888(), access: SDL_TEXTUREACCESS_STATIC,
                      width: Int32(bitmap.width), height: Int32(bitmap.height))
        bitmap.pixels.withUnsafeBytes { _ = SDL_UpdateTexture(handle, nil, $0.baseAddress, Int32(bitmap.width * 4)) }
        SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_BLEND)
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
