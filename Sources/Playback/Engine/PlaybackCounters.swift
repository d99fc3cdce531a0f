/// Running totals of one session, for the stats log and tests.
package struct PlaybackCounters: Sendable, Equatable {
    /// Frames handed to the app by `currentFrame()` (each counted once).
    package var presented = 0
    /// Frames decoded but never handed out (late, or superseded before being asked for).
    package var dropped = 0
    /// Video frames decoded.
    package var decoded = 0
    /// Frames converted by swscale.
    package var converted = 0
    /// Times the swscale context was built.
    package var scalerBuilds = 0
    /// Packets or frames the decoders rejected as corrupt.
    package var corruptPackets = 0
    /// Converted frames decoded with the loop filter skipped.
    package var economyFrames = 0
}
