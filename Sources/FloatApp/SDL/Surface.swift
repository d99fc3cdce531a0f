import CSDL

/// Owns an ARGB8888 `SDL_Surface` (pixels in main memory); frees it when the last reference goes.
@MainActor
final class Surface {
    let handle: UnsafeMutablePointer<SDL_Surface>

    /// A surface of `width` x `height` pixels.
    init(width: Int32, height: Int32) throws(SDLError) {
        handle = try sdlCheck(SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, floatapp_SDL_PIXELFORMAT_ARGB8888()),
                              "SDL_CreateRGBSurfaceWithFormat")
    }

    isolated deinit {
        SDL_FreeSurface(handle)
    }

    /// Sets every pixel to `color(x, y)`, a 0xAARRGGBB word.
    func fill(_ color: (Int, Int) -> UInt32) {
        let pitch = Int(handle.pointee.pitch) / 4
        let pixels = handle.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for y in 0..<Int(handle.pointee.h) {
            for x in 0..<Int(handle.pointee.w) { pixels[y * pitch + x] = color(x, y) }
        }
    }
}
