import GridEditCore
import Testing
@testable import GridEditCapture

@Suite("A slot's running counts give what a stretch of a row holds")
struct SlotCountsTests {
    @Test("every stretch of every row of random owner maps, against counting its pixels")
    func spansMatchCounting() {
        var random = SplitMix64(seed: 3811)
        let n = 37
        for _ in 0..<20 {
            // Slots 0–3, paper (−1) and unknown (−2), in runs as a top view has them.
            var owner: [Int16] = []
            while owner.count < n * n {
                let value = Int16(Int(random.next() % 6) - 2), run = Int(random.next() % 9) + 1
                owner += Array(repeating: value, count: min(run, n * n - owner.count))
            }
            let slot = Int16(random.next() % 4)
            let counts = SlotCounts(OwnerMap(owner, size: n), slot: slot, pixels: owner.indices.filter { owner[$0] == slot }.map(Int32.init))
            for row in 0..<n {
                for first in 0..<n {
                    for last in first..<n {
                        let pixels = owner[(row * n + first)...(row * n + last)]
                        let expected = (pixels.filter { $0 == slot }.count, pixels.filter { $0 != slot && $0 != -2 }.count)
                        let span = counts.span(row: row, first, last)
                        #expect(span.slot == expected.0 && span.other == expected.1, "row \(row), columns \(first)...\(last)")
                    }
                }
            }
        }
    }
}
