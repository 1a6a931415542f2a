/// SplitMix64 (Steele, Lea and Flood), as in GridEditCore's Sudoku generator, where it is
/// internal: a copy, so that every frame and layout is the same for the same seed on every
/// machine (the standard library's generators and shuffles promise no such thing).
struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound`, without modulo bias (Lemire's method).
    mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        let b = UInt64(bound)
        var m = next().multipliedFullWidth(by: b)
        if m.low < b {
            let threshold = (0 &- b) % b
            while m.low < threshold { m = next().multipliedFullWidth(by: b) }
        }
        return Int(m.high)
    }

    /// A whole number in `range`.
    mutating func int(in range: ClosedRange<Int>) -> Int { range.lowerBound + below(range.count) }

    /// A uniform value in `low ..< high` from the top 53 bits.
    mutating func double(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(next() >> 11) / Double(1 << 53)
    }

    mutating func chance(_ probability: Double) -> Bool { double(0, 1) < probability }

    /// A Fisher–Yates shuffle with `below`.
    mutating func shuffle<T>(_ items: inout [T]) {
        guard items.count > 1 else { return }
        for i in stride(from: items.count - 1, to: 0, by: -1) { items.swapAt(i, below(i + 1)) }
    }

    /// An independent stream for one part of a scene, so that changing how one part draws its
    /// numbers does not change the others.
    static func stream(_ seed: UInt64, _ salt: UInt64) -> SplitMix64 {
        var mixer = SplitMix64(seed: seed ^ (salt &* 0xD1B5_4A32_D192_ED03))
        return SplitMix64(seed: mixer.next())
    }
}
