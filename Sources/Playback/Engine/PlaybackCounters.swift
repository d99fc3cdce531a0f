/// Running totals of one player, for the stats log and tests.
package struct PlaybackCounters: Sendable, Equatable {
    /// Frames handed to the app by `takeFrame()` (each counted once).
    package var presented = 0
    /// Frames decoded but never handed out (late, or superseded before being asked for).
    package var dropped = 0
    /// Video frames decoded.
    package var decoded = 0
    /// Video frames decoded that were not key frames (none while the source is hidden).
    package var nonKeyDecoded = 0
    /// Key frames decoded and queued as still pictures while hidden.
    package var stills = 0
    /// Audio frames (samples per channel) decoded into the ring.
    package var audioFrames = 0
    /// Pictures queued for presentation at the size shown.
    package var queued = 0
    /// Pictures converted by swscale (each queued picture, once; never one dropped as late).
    package var converted = 0
    /// Times the swscale context was built.
    package var scalerBuilds = 0
    /// Packets or frames the decoders rejected as corrupt.
    package var corruptPackets = 0
    /// Timestamps taken for damage and replaced by where their stream would continue.
    package var repairedTimestamps = 0
    /// Pictures queued that were decoded with the loop filter skipped.
    package var economyFrames = 0
    /// Times the clock ran past everything decoded while the source went on, and stopped to
    /// buffer again.
    package var underruns = 0
    /// Times a live source's sound piled up beyond its delay limit and was skipped to the edge.
    package var liveSkips = 0
    /// Times the demuxer thread woke from a sleep (signalled or timed out).
    package var demuxerWakeups = 0
    /// Times the video thread woke from a sleep (signalled or timed out).
    package var videoWakeups = 0
}
