import GridEditCore

/// What scenes draw from GridEditCore's SplitMix64: numbers in ranges, chances, and an
/// independent stream per part of a scene.
extension SplitMix64 {
    /// A whole number in `range`.
    mutating func int(in range: ClosedRange<Int>) -> Int { range.lowerBound + below(range.count) }

    /// A uniform value in `low ..< high` from the top 53 bits.
    mutating func double(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(next() >> 11) / Double(1 << 53)
    }

    mutating func chance(_ probability: Double) -> Bool { double(0, 1) < probability }

    /// An independent stream for one part of a scene, so that changing how one part draws its
    /// numbers does not change the others.
    static func stream(_ seed: UInt64, _ salt: UInt64) -> SplitMix64 {
        var mixer = SplitMix64(seed: seed ^ (salt &* 0xD1B5_4A32_D192_ED03))
        return SplitMix64(seed: mixer.next())
    }
}
