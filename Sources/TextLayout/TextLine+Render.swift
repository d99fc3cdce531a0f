internal import CPango

extension TextLine {
    /// Draws the line in `color` (colour emoji keep their own) into a bitmap as large as the
    /// union of its ink and its logical box; nil for a line with nothing to draw.
    public func render(_ color: TextColor) -> TextBitmap? {
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_pixel_extents(layoutHandle, &ink, &logical)
        let left = min(ink.x, logical.x), top = min(ink.y, logical.y)
        let right = max(ink.x + ink.width, logical.x + logical.width)
        let bottom = max(ink.y + ink.height, logical.y + logical.height)
        let w = Int(right - left), h = Int(bottom - top)
        guard w > 0, h > 0, !text.isEmpty else { return nil }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else { return nil }
        cairo_set_source_rgba(cr, Double(color.r) / 255, Double(color.g) / 255, Double(color.b) / 255, Double(color.a) / 255)
        cairo_move_to(cr, Double(-left), Double(-top))
        pango_cairo_show_layout(cr, layoutHandle)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let pixels = [UInt32](unsafeUninitializedCapacity: w * h) { out, count in
            for y in 0..<h {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<w { out[y * w + x] = Self.unpremultiplied(row[x]) }
            }
            count = w * h
        }
        return TextBitmap(width: w, height: h, offsetX: Int(left - logical.x), offsetY: Int(top - logical.y),
                          pixels: pixels)
    }

    /// cairo's premultiplied ARGB as straight alpha, which every SDL renderer blends.
    private static func unpremultiplied(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        guard a != 0, a != 255 else { return a == 0 ? 0 : p }
        func channel(_ shift: UInt32) -> UInt32 { min(255, ((p >> shift & 0xFF) * 255 + a / 2) / a) << shift }
        return a << 24 | channel(16) | channel(8) | channel(0)
    }
}
