import GridEditCore

/// What the generator draws from Core's SplitMix64. Written out here (not `Int.random(in:using:)`)
/// because the standard library does not promise the same numbers from the same generator across
/// versions, and a seed printed by a failing test must give the same sequence next year.
extension SplitMix64 {
    /// A whole number in `range`.
    mutating func int(in range: ClosedRange<Int>) -> Int { range.lowerBound + below(range.count) }

    /// A uniform value in `low ..< high` from the top 53 bits.
    mutating func double(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(next() >> 11) / Double(1 << 53)
    }

    /// Uniform in `-amplitude ... amplitude`.
    mutating func jitter(_ amplitude: Double) -> Double { double(-amplitude, amplitude) }

    mutating func chance(_ probability: Double) -> Bool { double(0, 1) < probability }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// An independent stream for one part of a sequence (the figure, the noise, the order), so
    /// that changing how one part draws its numbers does not change the others.
    static func stream(_ seed: UInt64, _ salt: UInt64) -> SplitMix64 {
        var mixer = SplitMix64(seed: seed ^ (salt &* 0xD1B5_4A32_D192_ED03))
        return SplitMix64(seed: mixer.next())
    }
}
