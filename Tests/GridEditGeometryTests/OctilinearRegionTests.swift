import Testing
@testable import GridEditGeometry
import GridEditCore

/// A ring from whole-unit coordinates.
private func ring(_ points: [(Int, Int)]) -> Polygon {
    Polygon(points.map { pu($0.0, $0.1) })!
}

private func region(_ rings: [Polygon]) throws -> OctilinearRegion {
    try OctilinearRegion(rings: rings)
}

/// The unit square at (x, y), split along one of its diagonals into two half-squares.
private func halfSquares(_ x: Int, _ y: Int, rising: Bool) -> [Polygon] {
    rising
        ? [ring([(x, y), (x + 1, y), (x + 1, y + 1)]), ring([(x, y), (x + 1, y + 1), (x, y + 1)])]
        : [ring([(x, y), (x + 1, y), (x, y + 1)]), ring([(x + 1, y), (x + 1, y + 1), (x, y + 1)])]
}

@Suite struct OctilinearRegionTests {
    @Test func touchingSquaresMergeIntoOneRectangle() throws {
        let union = try OctilinearRegion(union: [rectangle(0, 0, 4, 4), rectangle(4, 0, 8, 4)])
        let expected = try region([ring([(0, 0), (2, 0), (2, 1), (0, 1)])])
        #expect(union == expected)
        #expect(union.hashValue == expected.hashValue)
        #expect(union.edges.count == 4)
        #expect(union.area == Area(units: 2))
        #expect(union.rings == [ring([(0, 0), (2, 0), (2, 1), (0, 1)])])
    }

    @Test func sameRegionWhateverTheStartVertexOrStraightVertices() throws {
        let plain = try region([ring([(0, 0), (2, 0), (2, 1), (0, 1)])])
        let otherStart = try region([ring([(2, 1), (0, 1), (0, 0), (2, 0)])])
        let withStraightVertex = try region([ring([(0, 0), (1, 0), (2, 0), (2, 1), (0, 1)])])
        #expect(plain == otherStart && plain == withStraightVertex)
        #expect(plain != (try region([ring([(0, 0), (2, 0), (2, 2), (0, 2)])])))
    }

    @Test func refusesWhatIsNotARegionOfPieces() throws {
        // An edge no piece has.
        #expect(throws: OctilinearRegion.Error.notOctilinear(from: pu(2, 0), to: pu(0, 1))) {
            try region([ring([(0, 0), (2, 0), (0, 1)])])
        }
        // Two squares that overlap.
        #expect(throws: OctilinearRegion.Error.self) {
            try region([ring([(0, 0), (2, 0), (2, 2), (0, 2)]), ring([(1, 1), (3, 1), (3, 3), (1, 3)])])
        }
        #expect(throws: OctilinearRegion.Error.self) {
            try OctilinearRegion(union: [ring([(0, 0), (2, 0), (0, 2)]), ring([(0, 0), (1, 0), (1, 1), (0, 1)])])
        }
        // An outer ring inside another (counted twice) and a hole outside any outer ring.
        #expect(throws: OctilinearRegion.Error.self) {
            try region([ring([(0, 0), (4, 0), (4, 4), (0, 4)]), ring([(1, 1), (2, 1), (2, 2), (1, 2)])])
        }
        #expect(throws: OctilinearRegion.Error.self) {
            try region([ring([(0, 0), (1, 0), (1, 1), (0, 1)]), ring([(2, 0), (2, 1), (3, 1), (3, 0)])])
        }
        // A hole inside is fine.
        let frame = try region([ring([(0, 0), (4, 0), (4, 4), (0, 4)]), ring([(1, 1), (1, 2), (2, 2), (2, 1)])])
        #expect(frame.area == Area(units: 15))
        #expect(frame.rings.count == 2)
    }

    @Test func cornersOfRegionsThatTouchThemselves() throws {
        // Two squares corner to corner: two rings, four right angles each.
        let corner = try OctilinearRegion(union: [ring([(0, 0), (1, 0), (1, 1), (0, 1)]), ring([(1, 1), (2, 1), (2, 2), (1, 2)])])
        let topology = try #require(corner.topology())
        #expect(topology.ringTwiceArea.count == 2)
        #expect(topology.angle.allSatisfy { $0 == 2 })
        // Two triangles on one base line, touching at the base's middle (the base runs straight
        // through that point): two 45° wedges meet there.
        let notch = try OctilinearRegion(union: [ring([(0, 0), (2, 0), (0, 2)]), ring([(2, 0), (4, 0), (4, 2)])])
        let notchTopology = try #require(notch.topology())
        #expect(notchTopology.ringTwiceArea.count == 2)
        let atMiddle = notch.edges.indices.filter { notch.edges[$0].start == pu(2, 0) }
        #expect(atMiddle.map { notchTopology.angle[$0] }.sorted() == [1, 1])
        // A triangle hanging below a long edge by its tip: the edge is split there, straight.
        let hanging = try OctilinearRegion(union: [rectangle(0, 0, 16, 4), ring([(2, 0), (1, -1), (3, -1)])])
        let hangingTopology = try #require(hanging.topology())
        #expect(hangingTopology.ringTwiceArea.count == 2)
        #expect(hanging.edges.indices.filter { hanging.edges[$0].start == pu(2, 0) }.map { hangingTopology.angle[$0] }.sorted() == [2, 4])
        #expect(hanging.rings.map(\.vertices.count).sorted() == [3, 4], "straight vertices are left out of rings")
    }

    @Test func subtractingPiecesOneByOneLeavesTheUnionOfTheRest() throws {
        var random = SplitMix64(seed: 6)
        for round in 0..<40 {
            // A 4×3 block of half-squares, each unit square cut along a random diagonal; every
            // other round the whole tiling turned by 45° (coordinates with √2, doubled).
            var pieces: [Polygon] = []
            for x in 0..<4 {
                for y in 0..<3 { pieces += halfSquares(x, y, rising: random.int(0...1) == 0) }
            }
            if round % 2 == 1 {
                let turn = OctilinearTransform(rotation: Rotation(eighths: random.int(0...7)), reflected: random.int(0...1) == 0)
                pieces = pieces.map { piece in
                    let turned = Polygon(piece.vertices.map { turn.apply(toDoubled: $0) })!
                    return turned.isCounterClockwise ? turned : turned.reversed
                }
            }
            pieces.shuffle(using: &random)
            var rest = try OctilinearRegion(union: pieces)
            for (index, piece) in pieces.enumerated() {
                #expect(rest.contains(convex: piece))
                rest = rest.subtracting(piece.vertices)
                let remaining = Array(pieces[(index + 1)...])
                if remaining.isEmpty {
                    #expect(rest.isEmpty)
                } else {
                    #expect(rest == (try OctilinearRegion(union: remaining)), "round \(round), after \(index + 1) pieces")
                    #expect(rest.topology() != nil)
                }
            }
        }
    }

    @Test func scatteredHalfSquaresMeetingCornerToCorner() throws {
        // Random subsets of a grid of half-squares: many pieces meet only at corners, up to
        // eight around one point, where boundary lines pass straight through and cross.
        var random = SplitMix64(seed: 12)
        var crossings = 0
        for _ in 0..<300 {
            var pieces: [Polygon] = []
            for x in 0..<random.int(1...4) {
                for y in 0..<random.int(1...3) { pieces += halfSquares(x, y, rising: random.int(0...1) == 0) }
            }
            pieces = pieces.filter { _ in random.int(0...2) > 0 }
            guard !pieces.isEmpty else { continue }
            let turn = OctilinearTransform(rotation: Rotation(eighths: random.int(0...7)), reflected: random.int(0...1) == 0)
            pieces = pieces.map { piece in
                let turned = Polygon(piece.vertices.map { turn.apply(toDoubled: $0) })!
                return turned.isCounterClockwise ? turned : turned.reversed
            }
            let union = try OctilinearRegion(union: pieces)
            // Doubled coordinates: each half-square has area 2.
            #expect(union.area == Area(units: 2 * pieces.count))
            #expect(union == (try OctilinearRegion(union: pieces.reversed())))
            let summed = union.edges.count
            let merged = OctilinearRegion.canonicalEdges(summing: union.edges.map { ($0.start, $0.end) }).edges!.count
            #expect(summed == merged, "canonical form is stable")
            // Three or more wedges at one point.
            if Dictionary(grouping: union.edges, by: \.start).values.contains(where: { $0.count >= 3 }) { crossings += 1 }
            #expect(union.topology() != nil)
        }
        #expect(crossings > 10)
    }

    @Test func containmentOfPieces() throws {
        let frame = try region([ring([(0, 0), (4, 0), (4, 4), (0, 4)]), ring([(1, 1), (1, 3), (3, 3), (3, 1)])])
        #expect(frame.contains(convex: ring([(0, 0), (1, 0), (0, 1)])), "in a corner, touching two edges")
        #expect(frame.contains(convex: ring([(0, 0), (4, 0), (4, 1), (0, 1)])), "along a whole side")
        #expect(!frame.contains(convex: ring([(1, 1), (3, 1), (3, 3), (1, 3)])), "filling the hole exactly")
        #expect(frame.contains(convex: ring([(0, 0), (2, 0), (0, 2)])), "touching the hole's corner")
        #expect(!frame.contains(convex: ring([(0, 0), (3, 0), (0, 3)])), "across the hole's corner")
        #expect(!frame.contains(convex: ring([(3, 3), (5, 3), (5, 5), (3, 5)])), "sticking out")
    }

    @Test func congruentCopiesShareAKey() throws {
        let l = try region([ring([(0, 0), (2, 0), (2, 1), (1, 1), (1, 2), (0, 2)])])
        var random = SplitMix64(seed: 45)
        for transform in OctilinearTransform.all {
            let moved = l.transformed(transform).translated(by: random.vector(40))
            // Images are in doubled coordinates, so compare with the doubled original.
            #expect(moved.congruenceKey == l.transformed(.identity).congruenceKey, "\(transform)")
        }
        // A square of side √2 and the same square turned 45° (a diamond with whole corners).
        let diamond = try region([ring([(0, 0), (1, 1), (0, 2), (-1, 1)])])
        let root2 = Exact(quarters: 0, sqrt2Quarters: 4)
        let square = try region([Polygon([.origin, Point(root2, .zero), Point(root2, root2), Point(.zero, root2)])!])
        #expect(diamond.congruenceKey == square.congruenceKey)
        // Different shapes, different keys; a copy is not its mirror image's shape key.
        let longer = try region([ring([(0, 0), (3, 0), (3, 1), (1, 1), (1, 2), (0, 2)])])
        #expect(longer.congruenceKey != l.congruenceKey)
        let slant = try region([ring([(0, 0), (2, 0), (3, 1), (1, 1)])])
        #expect(slant.transformed(OctilinearTransform(rotation: .identity, reflected: true)).shapeKey
                != slant.transformed(.identity).shapeKey)
    }

    @Test func symmetriesOfFamiliarShapes() throws {
        func count(_ points: [(Int, Int)]) throws -> Int { try region([ring(points)]).symmetries().count }
        #expect(try count([(0, 0), (2, 0), (2, 2), (0, 2)]) == 8)
        #expect(try count([(0, 0), (2, 0), (2, 1), (0, 1)]) == 4)
        #expect(try count([(0, 0), (2, 0), (2, 1), (1, 1), (1, 2), (0, 2)]) == 2)
        #expect(try count([(0, 0), (2, 0), (3, 1), (1, 1)]) == 2)
        #expect(try count([(0, 0), (3, 0), (3, 1), (1, 1), (1, 2), (0, 2)]) == 1)
        // Each symmetry maps every vertex onto a (doubled) vertex.
        let l = try region([ring([(0, 0), (2, 0), (2, 1), (1, 1), (1, 2), (0, 2)])])
        let doubled = Set(l.vertices.map { OctilinearTransform.identity.apply(toDoubled: $0) })
        for (transform, offset) in l.symmetries() {
            #expect(Set(l.vertices.map { transform.apply(toDoubled: $0) + offset }) == doubled)
        }
    }

    @Test func boundsOverlapAgreesWithTheGeneralTest() {
        var random = SplitMix64(seed: 8)
        var seen = (overlap: 0, apart: 0)
        for _ in 0..<3000 {
            let a = randomPiece(&random), b = randomPiece(&random)
            let expected = a.interiorsOverlap(b)
            #expect(OctilinearBounds(a.vertices).interiorsMeet(OctilinearBounds(b.vertices)) == expected, "\(a) \(b)")
            if expected { seen.overlap += 1 } else { seen.apart += 1 }
        }
        #expect(seen.overlap > 300 && seen.apart > 300)
    }

    @Test func inlinableOrderAgreesWithTheExactOne() {
        var random = SplitMix64(seed: 3)
        for bound in [3, 5000, 1 << 40] {
            for _ in 0..<2000 {
                let x = random.zsqrt2(bound), y = random.zsqrt2(bound)
                #expect(ZSqrt2.isLess(x, y) == (x < y), "\(x) \(y)")
            }
        }
        #expect(!ZSqrt2.isLess(ZSqrt2(3, 2), ZSqrt2(3, 2)))
        #expect(ZSqrt2.isLess(ZSqrt2(1, 0), ZSqrt2(0, 1)) && !ZSqrt2.isLess(ZSqrt2(2, 0), ZSqrt2(0, 1)))
    }

    /// A right isosceles triangle or a parallelogram with octilinear edges of whole steps, at
    /// a random quarter point.
    private func randomPiece(_ random: inout SplitMix64) -> Polygon {
        let p = pq(random.int(0...12), random.int(0...12))
        let d = random.int(0...7), steps = random.int(1...2)
        let u = Octilinear.vector(steps: Exact(steps), direction: d)
        if random.int(0...1) == 0 {
            // Right isosceles: equal legs (same parity of direction, so equal steps).
            return Polygon([p, p + u, p + Octilinear.vector(steps: Exact(steps), direction: d + 2)])!
        }
        let v = Octilinear.vector(steps: Exact(random.int(1...2)), direction: d + random.int(1...3))
        return Polygon([p, p + u, p + u + v, p + v])!
    }
}
