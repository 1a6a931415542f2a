/// A small deterministic random number generator (Steele, Lea and Flood's SplitMix64), so
/// that generators (Sudoku puzzles, random tangram arrangements, synthetic camera frames) give
/// the same result for the same seed on every machine and run.
/// (`SystemRandomNumberGenerator` and Swift's shuffles with it are not reproducible.)
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound`, without the bias of a plain modulo (Lemire's method).
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        let b = UInt64(bound)
        var m = next().multipliedFullWidth(by: b)
        if m.low < b {
            let threshold = (0 &- b) % b
            while m.low < threshold { m = next().multipliedFullWidth(by: b) }
        }
        return Int(m.high)
    }

    /// A Fisher–Yates shuffle with `below`: the same order for the same state on every
    /// platform (the standard library's `shuffle(using:)` makes no such promise).
    public mutating func shuffle<T>(_ items: inout [T]) {
        guard items.count > 1 else { return }
        for i in stride(from: items.count - 1, to: 0, by: -1) {
            items.swapAt(i, below(i + 1))
        }
    }
}
