import CFFmpeg
import PictureAndSoundMath

extension HalfShrink {
    /// True when `frame` is a limited-range YUV420P picture of exactly twice `width`x`height`,
    /// both even, so the chroma planes halve too.
    package static func applies(_ frame: Frame, width: Int, height: Int) -> Bool {
        frame.format == AV_PIX_FMT_YUV420P.rawValue && width > 0 && height > 0 && width % 2 == 0 && height % 2 == 0
            && frame.width == 2 * width && frame.height == 2 * height
    }
}

extension QuarterShrink {
    /// True when `frame` is a limited-range YUV420P picture of exactly four times
    /// `width`x`height`, both even, so the chroma planes shrink by four too.
    package static func applies(_ frame: Frame, width: Int, height: Int) -> Bool {
        frame.format == AV_PIX_FMT_YUV420P.rawValue && width > 0 && height > 0 && width % 2 == 0 && height % 2 == 0
            && frame.width == 4 * width && frame.height == 4 * height
    }
}
