import GridEditCore
import Testing
@testable import GridEditCapture

/// The fit's memo: a placement's score is worked out once, and a stored score is only ever handed
/// back for the same placement (the same bits, the same side).
@Suite("Placement table")
struct PlacementTableTests {
    @Test("each placement is worked out once and gets its own value back, past many doublings, as a dictionary would")
    func matchesDictionary() {
        var random = SplitMix64(seed: 3803)
        var table = PlacementTable<Int>(capacity: 4)
        var reference: [String: Int] = [:]
        var made = 0
        // Placements a climb makes (steps of a 48th, turns of a quarter degree), repeated often,
        // and the zeros whose bits differ.
        for step in 0..<20_000 {
            let placement: PieceFinder.Placement
            if step % 7 == 0 {
                placement = .init(cx: [0.0, -0.0][Int(random.next() % 2)], cy: 0, degrees: [0.0, -0.0][Int(random.next() % 2)])
            } else {
                placement = .init(cx: 4 + Double(Int(random.next() % 40)) / 48, cy: 3 - Double(Int(random.next() % 40)) / 48,
                                  degrees: 45 * Double(random.next() % 8) + Double(Int(random.next() % 9) - 4) / 4)
            }
            let flipped = random.next() % 2 == 0
            let key = "\(placement.cx.bitPattern) \(placement.cy.bitPattern) \(placement.degrees.bitPattern) \(flipped)"
            let value = table.value(flipped, placement) { made += 1; return step }
            if let known = reference[key] {
                #expect(value == known, "placement \(key) gave \(value), first worked out as \(known)")
            } else {
                reference[key] = step
                #expect(value == step)
            }
        }
        #expect(made == reference.count)
        #expect(reference.count > 10_000)  // far past the first capacity of 4
    }
}
