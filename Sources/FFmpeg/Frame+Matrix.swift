import CFFmpeg

extension Frame {
    /// Whether the planes can be shown as they are: YUV420P, limited or (yuvj420p) full range.
    package var isPlanar420: Bool {
        format == AV_PIX_FMT_YUV420P.rawValue || format == AV_PIX_FMT_YUVJ420P.rawValue
    }

    /// The conversion to RGB of the planes as decoded (see ``isPlanar420``).
    package var decodedMatrix: YUVMatrix {
        format == AV_PIX_FMT_YUVJ420P.rawValue ? .fullRangeBT601 : convertedMatrix
    }

    /// The conversion to RGB of this picture once swscale made it limited-range YUV420P, which
    /// keeps a YUV source's matrix and writes BT.601 from RGB: the stream's own colour space
    /// when it names one, else by height, as players and SDL do (BT.709 above 576 rows).
    package var convertedMatrix: YUVMatrix {
        if let descriptor = av_pix_fmt_desc_get(AVPixelFormat(format)),
           descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) != 0 {
            return .bt601
        }
        switch pointer.pointee.colorspace {
        case AVCOL_SPC_BT709: return .bt709
        case AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M, AVCOL_SPC_FCC: return .bt601
        default: return height > 576 ? .bt709 : .bt601
        }
    }
}
