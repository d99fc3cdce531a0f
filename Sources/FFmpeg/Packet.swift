import CFFmpeg

/// Owns one AVPacket.
package final class Packet {
    package let pointer: UnsafeMutablePointer<AVPacket>

    package init() {
        guard let packet = av_packet_alloc() else { fatalError("av_packet_alloc: out of memory") }
        pointer = packet
    }

    deinit {
        var packet: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&packet)
    }

    /// The index of the stream this packet belongs to.
    package var streamIndex: Int { Int(pointer.pointee.stream_index) }

    /// Payload size in bytes.
    package var size: Int { Int(pointer.pointee.size) }

    /// Duration in stream time base units (0 when unknown).
    package var duration: Int64 { pointer.pointee.duration }

    /// Presentation time in stream time base units (nil when unknown).
    package var pts: Int64? { pointer.pointee.pts == floatapp_AV_NOPTS_VALUE() ? nil : pointer.pointee.pts }

    /// True when the packet starts a key frame (decodable on its own).
    package var isKey: Bool { pointer.pointee.flags & AV_PKT_FLAG_KEY != 0 }

    /// Moves this packet's data into a new packet, leaving this one empty for reuse.
    package func takeData() -> Packet {
        let moved = Packet()
        av_packet_move_ref(moved.pointer, pointer)
        return moved
    }

    /// Drops the payload so the packet can be reused.
    package func unref() { av_packet_unref(pointer) }
}
