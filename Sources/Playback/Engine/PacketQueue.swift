import FFmpeg

/// Compressed video packets waiting for the video decoding thread, with their total size and duration.
struct PacketQueue {
    /// One queued item.
    enum Item {
        case packet(Packet, seconds: Double)
        /// The source ended: drain the decoder.
        case endOfStream
    }

    private var items: [Item] = []
    private(set) var bytes = 0
    private(set) var seconds = 0.0

    var isEmpty: Bool { items.isEmpty }
    /// The item ``pop()`` returns next.
    var first: Item? { items.first }
    var count: Int { items.count }
    /// The time stamp of the oldest queued key packet (nil when none is queued or it has none).
    var firstKeyPts: Int64? {
        for case .packet(let packet, _) in items where packet.isKey { return packet.pts }
        return nil
    }

    mutating func push(_ item: Item) {
        if case .packet(let packet, let duration) = item {
            bytes += packet.size
            seconds += duration
        }
        items.append(item)
    }

    mutating func pop() -> Item? {
        guard !items.isEmpty else { return nil }
        let item = items.removeFirst()
        if case .packet(let packet, let duration) = item {
            bytes -= packet.size
            seconds -= duration
        }
        return item
    }

    mutating func clear() {
        items.removeAll()
        bytes = 0
        seconds = 0
    }
}
