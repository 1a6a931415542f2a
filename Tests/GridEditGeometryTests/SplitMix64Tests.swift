import Testing
import GridEditCore

/// The property tests are only as good as their generator (Core's); pin it to the reference.
@Test func splitMix64MatchesReferenceOutput() {
    var rng = SplitMix64(seed: 0)
    #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
    #expect(rng.next() == 0x6E78_9E6A_A1B9_65F4)
    #expect(rng.next() == 0x06C4_5D18_8009_454F)
}

@Test func splitMix64CoversTheRequestedRange() {
    var rng = SplitMix64(seed: 42)
    var seen = Set<Int>()
    for _ in 0..<500 { seen.insert(rng.int(-3...3)) }
    #expect(seen == Set(-3...3))
}
