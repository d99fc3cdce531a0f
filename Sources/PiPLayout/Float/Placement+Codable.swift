extension Placement: Codable {
    private enum CodingKeys: String, CodingKey {
        case corner
        case stashSide = "stash_side"
        case stashHeightFraction = "stash_height_fraction"
        case widthFraction = "width_fraction"
    }

    /// Decodes a placement, rejecting a missing or doubled anchor and fractions out of range.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let widthFraction = try container.decode(Double.self, forKey: .widthFraction)
        guard widthFraction.isFinite, widthFraction > 0, widthFraction <= 1 else {
            throw DecodingError.dataCorruptedError(
                forKey: .widthFraction, in: container, debugDescription: "width_fraction must lie in (0, 1]")
        }
        let corner = try container.decodeIfPresent(Corner.self, forKey: .corner)
        let side = try container.decodeIfPresent(StashSide.self, forKey: .stashSide)
        switch (corner, side) {
        case (let corner?, nil):
            anchor = .corner(corner)
        case (nil, let side?):
            let height = try container.decodeIfPresent(Double.self, forKey: .stashHeightFraction) ?? 0.5
            guard height.isFinite, (0...1).contains(height) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .stashHeightFraction, in: container,
                    debugDescription: "stash_height_fraction must lie in [0, 1]")
            }
            anchor = .stashed(side, heightFraction: height)
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .corner, in: container, debugDescription: "exactly one of corner and stash_side is required")
        }
        self.widthFraction = widthFraction
    }

    /// Encodes the anchor's keys and the width fraction.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch anchor {
        case .corner(let corner):
            try container.encode(corner, forKey: .corner)
        case .stashed(let side, let heightFraction):
            try container.encode(side, forKey: .stashSide)
            try container.encode(heightFraction, forKey: .stashHeightFraction)
        }
        try container.encode(widthFraction, forKey: .widthFraction)
    }
}
