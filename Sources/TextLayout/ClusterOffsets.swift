/// Where a text's grapheme clusters (Swift's `Character`s) start in its UTF-8: the one place
/// that converts the app's text indices (offsets in `Character`s) to Pango's (byte offsets in
/// UTF-8) and back.
struct ClusterOffsets {
    /// The UTF-8 offset of each cluster boundary: 0, each cluster's end, the text's length.
    let boundaries: [Int]

    init(_ text: String) {
        var boundaries = [0]
        boundaries.reserveCapacity(text.utf8.count / 2 + 2)
        var offset = 0
        for character in text {
            offset += character.utf8.count
            boundaries.append(offset)
        }
        self.boundaries = boundaries
    }

    /// The number of clusters.
    var count: Int { boundaries.count - 1 }

    /// The UTF-8 offset of the boundary before cluster `index` (clamped to the text).
    func byteOffset(of index: Int) -> Int {
        boundaries[min(max(0, index), count)]
    }

    /// The index of the cluster a UTF-8 offset falls in (the count at the text's end).
    func cluster(containing byte: Int) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high + 1) / 2
            if boundaries[middle] <= byte { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
