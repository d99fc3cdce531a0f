/// The pictures a hidden source's decoder skipped since its last clean key frame: a key frame
/// decoded after all of them (by presentation time) depends on none, so live pictures start there.
struct SkippedPictures {
    /// The latest presentation time of a skipped picture (nil when none had one).
    private(set) var latest: Double?
    /// Whether any picture was skipped.
    private(set) var any = false

    /// Notes a skipped picture presented at `pts` seconds (nil when unknown).
    mutating func note(_ pts: Double?) {
        any = true
        if let pts { latest = max(latest ?? pts, pts) }
    }

    /// True when a key frame at `pts` comes after every skipped picture.
    func allBefore(_ pts: Double?) -> Bool {
        guard any else { return true }
        guard let latest, let pts else { return false }
        return pts > latest
    }
}
