import CFFmpeg
import EngineTerms

/// A failed FFmpeg call: the operation that failed, its return code and FFmpeg's message for it.
///
/// Internal: it is turned into a ``PlaybackError`` before it reaches the app.
package struct FFmpegError: Error, CustomStringConvertible {
    /// The FFmpeg function or step that failed.
    package let operation: String
    /// The negative FFmpeg return code.
    package let code: Int32

    package init(operation: String, code: Int32) {
        self.operation = operation
        self.code = code
    }

    /// FFmpeg's own text for `code`.
    package var message: String {
        var buffer = [CChar](repeating: 0, count: 256)
        return buffer.withUnsafeMutableBufferPointer { raw in
            String(cString: floatapp_av_err2str(code, raw.baseAddress, raw.count))
        }
    }

    package var description: String { "\(operation): \(message)" }

    /// True when the call was cut short by the interrupt callback.
    package var isInterrupt: Bool { code == floatapp_AVERROR_EXIT() }

    /// True when the data was malformed (a corrupt packet, not a broken source).
    package var isInvalidData: Bool { code == floatapp_AVERROR_INVALIDDATA() }

    /// True when FFmpeg rejected what it was given (an unknown filter or option, a malformed
    /// argument): the same input fails the same way every time.
    package var isRejectedArgument: Bool {
        code == floatapp_AVERROR(EINVAL) || code == Self.optionNotFound
    }

    /// AVERROR_OPTION_NOT_FOUND, FFERRTAG(0xF8, 'O', 'P', 'T'), which Swift cannot import.
    private static let optionNotFound = -Int32(0xF8 | 0x4F << 8 | 0x50 << 16 | 0x54 << 24)

    /// Turns a return code into a value, throwing on errors.
    @discardableResult
    package static func check(_ code: Int32, _ operation: @autoclosure () -> String) throws(FFmpegError) -> Int32 {
        if code < 0 { throw FFmpegError(operation: operation(), code: code) }
        return code
    }
}

/// The outcome of an FFmpeg step that may legitimately produce nothing yet or nothing more.
package enum FFmpegStep: Equatable {
    /// The step produced its result.
    case done
    /// Nothing is available now; try again after feeding more input.
    case again
    /// The stream (or the decoder) has no more data.
    case endOfStream

    /// Maps a return code to a step; other negative codes throw.
    package static func from(_ code: Int32, _ operation: @autoclosure () -> String) throws(FFmpegError) -> FFmpegStep {
        if code >= 0 { return .done }
        if code == floatapp_AVERROR_EAGAIN() { return .again }
        if code == floatapp_AVERROR_EOF() { return .endOfStream }
        throw FFmpegError(operation: operation(), code: code)
    }
}
