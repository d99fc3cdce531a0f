import CSDL

/// One white anti-aliased disc per radius, as a blended texture: the corners of every rounded
/// shape are copied from a quarter of it, tinted with the texture's colour and alpha mods.
/// Copying a few pixels costs the software renderer next to nothing, where rasterizing each
/// corner as a triangle fan cost it a setup per triangle (16 tiles, their name tags and the
/// buttons made that 6% of a 16-person call's CPU).
///
/// A pixel's coverage falls from 1 to 0 across the circle's edge, from half a pixel inside
/// to half a pixel outside, as the fans' blended edge did.
@MainActor
final class DiscTextures {
    private let renderer: OpaquePointer
    private var discs: [Int32: OpaquePointer] = [:]
    /// Radii are few (a handful of sizes times the UI scale); past this many all are freed and
    /// made again as they are used.
    private static let limit = 32

    init(renderer: OpaquePointer) {
        self.renderer = renderer
    }

    /// Frees every disc (the renderer frees them too when it is destroyed).
    func removeAll() {
        for texture in discs.values { SDL_DestroyTexture(texture) }
        discs.removeAll()
    }

    /// Copies the part `part` (in the corner's own coordinates, 0..<radius on each axis) of the
    /// `corner` quarter of the disc of `radius` to `at`, tinted `color`.
    func copy(corner: Corner, radius: Int32, part: SDL_Rect, at origin: (x: Int32, y: Int32), _ color: Color) -> Bool {
        guard let disc = disc(radius) else { return false }
        SDL_SetTextureColorMod(disc, color.r, color.g, color.b)
        SDL_SetTextureAlphaMod(disc, color.a)
        var src = SDL_Rect(part.x + (corner.isRight ? radius : 0), part.y + (corner.isBottom ? radius : 0), part.w, part.h)
        var dst = SDL_Rect(origin.x + part.x, origin.y + part.y, part.w, part.h)
        return SDL_RenderCopy(renderer, disc, &src, &dst) == 0
    }

    /// The disc of `radius` (its texture is 2 x radius square), made on first use.
    private func disc(_ radius: Int32) -> OpaquePointer? {
        if let disc = discs[radius] { return disc }
        if discs.count >= Self.limit { removeAll() }
        let side = Int(2 * radius)
        guard side > 0, let texture = SDL_CreateTexture(renderer, floatapp_SDL_PIXELFORMAT_ARGB8888(),
                                                        Int32(SDL_TEXTUREACCESS_STATIC.rawValue), Int32(side), Int32(side))
        else { return nil }
        let pixels = Self.discPixels(radius: Int(radius))
        pixels.withUnsafeBytes { _ = SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(side * 4)) }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        discs[radius] = texture
        return texture
    }

    /// White ARGB pixels of a disc centred in a 2 x radius square, alpha the edge's coverage.
    static func discPixels(radius: Int) -> [UInt32] {
        let side = 2 * radius, r = Double(radius)
        var pixels = [UInt32](repeating: 0, count: side * side)
        for y in 0..<side {
            for x in 0..<side {
                let dx = Double(x) + 0.5 - r, dy = Double(y) + 0.5 - r
                let coverage = min(1, max(0, r + 0.5 - (dx * dx + dy * dy).squareRoot()))
                pixels[y * side + x] = UInt32((coverage * 255).rounded()) << 24 | 0x00FF_FFFF
            }
        }
        return pixels
    }

    /// A corner of a rectangle.
    enum Corner: CaseIterable {
        case topLeft, topRight, bottomLeft, bottomRight

        var isRight: Bool { self == .topRight || self == .bottomRight }
        var isBottom: Bool { self == .bottomLeft || self == .bottomRight }
    }
}
