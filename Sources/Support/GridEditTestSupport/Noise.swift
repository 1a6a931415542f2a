import GridEditCore

/// Noise for tests: Core's deterministic ``SplitMix64`` with helpers for noisy hands, cameras and
/// random exact numbers.
public struct Noise: RandomNumberGenerator {
    private var generator: SplitMix64

    public init(state: UInt64) {
        generator = SplitMix64(seed: state)
    }

    public mutating func next() -> UInt64 { generator.next() }

    /// Uniform in -amplitude...amplitude.
    public mutating func jitter(_ amplitude: Double) -> Double {
        (Double(next() >> 11) / Double(1 << 53) * 2 - 1) * amplitude
    }

    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
}
