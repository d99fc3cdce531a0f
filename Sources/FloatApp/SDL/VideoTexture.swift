import CSDL
import FFmpeg
import Playback

/// One streaming YUV texture per window, fed from a source player's newest frame.
@MainActor
final class VideoTexture {
    private let renderer: Renderer
    private var texture: Texture?
    /// The YUV matrix SDL was set to when the texture was made.
    private var textureMatrix: YUVMatrix?
    /// The frame last uploaded, so an unchanged frame is not uploaded again.
    private(set) var frame: VideoFrame?

    init(renderer: Renderer) {
        self.renderer = renderer
    }

    /// Uploads `frame` unless it is the one already uploaded.
    func upload(_ newFrame: VideoFrame) {
        if let frame, frame === newFrame, texture != nil { return }
        let w = Int32(newFrame.width), h = Int32(newFrame.height)
        // The software renderer turns the planes into RGB as they are uploaded; SDL's OpenGL
        // renderer picks its conversion when the texture is made, so a new matrix makes a new one.
        Self.useMatrix(newFrame.matrix)
        if texture == nil || texture!.width != w || texture!.height != h || newFrame.matrix != textureMatrix {
            textureMatrix = newFrame.matrix
            texture = try? Texture(renderer: renderer, format: floatapp_SDL_PIXELFORMAT_IYUV(),
                                   access: SDL_TEXTUREACCESS_STREAMING, width: w, height: h)
            // The GPU scales a picture as decoded: bilinear, not the nearest pixel.
            if renderer.scalesVideo, let texture { SDL_SetTextureScaleMode(texture.handle, SDL_ScaleModeLinear) }
        }
        guard let texture else { return }
        let pitches = newFrame.pitches
        newFrame.withPlanes { y, u, v in
            var rect = SDL_Rect(0, 0, w, h)
            _ = SDL_UpdateYUVTexture(texture.handle, &rect, y, Int32(pitches.y), u, Int32(pitches.u), v, Int32(pitches.v))
        }
        frame = newFrame
    }

    /// Frees the texture and forgets the frame: nothing plays, so its pixels need not stay.
    func release() {
        frame = nil
        texture = nil
    }

    /// Forgets the uploaded frame (a new room starts).
    func reset() {
        frame = nil
    }

    /// Draws the uploaded frame letterboxed into `area`; returns the rect it covers, or nil when there is no frame.
    @discardableResult
    func draw(fitting area: SDL_Rect, fill: Bool = false, mirrored: Bool = false) -> SDL_Rect? {
        guard let texture, let frame else { return nil }
        let shownWidth = Int32((Double(texture.width) * frame.sampleAspect).rounded())
        // A converted picture is stored at its shown size (its sample aspect is 1).
        let converted = fill && shownWidth == texture.width
            ? Self.asConverted(width: texture.width, height: texture.height, covering: area) : nil
        let dst = converted ?? Self.fit(width: shownWidth, height: texture.height, into: area, fill: fill)
        var d = dst
        // A self view is mirrored, as every call app shows the user to themselves.
        let flip = mirrored ? SDL_FLIP_HORIZONTAL : SDL_FLIP_NONE
        Self.useMatrix(frame.matrix)
        if fill {
            var clip = area
            SDL_RenderSetClipRect(renderer.handle, &clip)
            SDL_RenderCopyEx(renderer.handle, texture.handle, nil, &d, 0, nil, flip)
            SDL_RenderSetClipRect(renderer.handle, nil)
        } else {
            SDL_RenderCopyEx(renderer.handle, texture.handle, nil, &d, 0, nil, flip)
        }
        // An OpenGL renderer picks its YUV shader from SDL's one global mode when it runs the
        // copy: run it now, before another picture's matrix is set.
        if renderer.scalesVideo { SDL_RenderFlush(renderer.handle) }
        return dst
    }

    /// The rect of a `width`x`height` picture converted to cover `area` (a thumbnail's: a side
    /// the area's, or a pixel more for an even size, the other beyond it), cropped as converted;
    /// nil for any other picture. Scaling it by a pixel or two would take SDL's software
    /// renderer's per-pixel scaling blit, a fifth of a 16-person call's main thread, and double
    /// rows and columns on the screen.
    static func asConverted(width: Int32, height: Int32, covering area: SDL_Rect) -> SDL_Rect? {
        guard width >= area.w, height >= area.h, width - area.w <= 1 || height - area.h <= 1 else { return nil }
        return SDL_Rect(area.x - (width - area.w) / 2, area.y - (height - area.h) / 2, width, height)
    }

    /// Sets SDL's YUV conversion to `matrix`: SDL's own choice would go by the texture's size,
    /// which differs between a picture converted to the float's size and one as decoded.
    private static func useMatrix(_ matrix: YUVMatrix) {
        switch matrix {
        case .bt601: SDL_SetYUVConversionMode(SDL_YUV_CONVERSION_BT601)
        case .bt709: SDL_SetYUVConversionMode(SDL_YUV_CONVERSION_BT709)
        case .fullRangeBT601: SDL_SetYUVConversionMode(SDL_YUV_CONVERSION_JPEG)
        }
    }

    /// The rect of a `width`x`height` picture letterboxed (or, with `fill`, cropped) into `area`.
    static func fit(width: Int32, height: Int32, into area: SDL_Rect, fill: Bool) -> SDL_Rect {
        guard width > 0, height > 0 else { return area }
        let sx = Double(area.w) / Double(width), sy = Double(area.h) / Double(height)
        let s = fill ? max(sx, sy) : min(sx, sy)
        let w = Int32((Double(width) * s).rounded()), h = Int32((Double(height) * s).rounded())
        return SDL_Rect(area.x + (area.w - w) / 2, area.y + (area.h - h) / 2, w, h)
    }
}
