import Testing
@testable import GridEditGeometry
import GridEditCore

@Suite struct ConvexRelationTests {
    let square = rectangle(0, 0, 4, 4)  // the unit square, in quarters

    @Test func edgeContactIsNotOverlap() {
        let right = rectangle(4, 0, 8, 4)
        #expect(!square.interiorsOverlap(right) && !right.interiorsOverlap(square))
        #expect(square.touchesOrOverlaps(right))
        #expect(square.sharesBoundarySegment(with: right))
        // Sliding along the shared edge keeps partial edge contact.
        let slid = rectangle(4, 2, 8, 6)
        #expect(!square.interiorsOverlap(slid) && square.touchesOrOverlaps(slid))
        #expect(square.sharesBoundarySegment(with: slid))
    }

    @Test func cornerContactIsNotOverlap() {
        let diagonal = rectangle(4, 4, 8, 8)
        #expect(!square.interiorsOverlap(diagonal))
        #expect(square.touchesOrOverlaps(diagonal))
        #expect(!square.sharesBoundarySegment(with: diagonal))
        // Bottom edges meeting end to end on one line share only the point (1, 0).
        let belowRight = rectangle(4, -4, 8, 0)
        #expect(!square.interiorsOverlap(belowRight) && square.touchesOrOverlaps(belowRight))
        #expect(!square.sharesBoundarySegment(with: belowRight))
    }

    @Test func oneQuarterInIsOverlap() {
        #expect(square.interiorsOverlap(rectangle(3, 0, 7, 4)))
        #expect(square.interiorsOverlap(rectangle(3, 3, 7, 7)))
        #expect(square.touchesOrOverlaps(rectangle(3, 3, 7, 7)))
    }

    @Test func overlapAreaIsTheSharedArea() {
        // Half of the unit square; a quarter of it diagonally; none when touching or apart.
        #expect(abs(square.approximateOverlapArea(rectangle(2, 0, 6, 4)) - 0.5) < 1e-12)
        #expect(abs(square.approximateOverlapArea(rectangle(2, 2, 6, 6)) - 0.25) < 1e-12)
        #expect(square.approximateOverlapArea(rectangle(4, 0, 8, 4)) == 0)
        #expect(square.approximateOverlapArea(rectangle(5, 5, 9, 9)) == 0)
        // A triangle inside the square, clockwise: all of its area, whichever polygon clips.
        let triangle = Polygon([pq(1, 1), pq(1, 3), pq(3, 1)])!
        #expect(abs(square.approximateOverlapArea(triangle) - 0.125) < 1e-12)
        #expect(abs(triangle.approximateOverlapArea(square) - 0.125) < 1e-12)
    }

    @Test func oneQuarterApartIsNeither() {
        let apart = rectangle(5, 0, 9, 4)
        #expect(!square.interiorsOverlap(apart) && !square.touchesOrOverlaps(apart))
        #expect(!square.sharesBoundarySegment(with: apart))
        // Diagonally apart, a quarter away on both axes.
        #expect(!square.touchesOrOverlaps(rectangle(5, 5, 9, 9)))
    }

    @Test func containmentAndIdentityOverlap() {
        #expect(square.interiorsOverlap(square))
        #expect(square.interiorsOverlap(rectangle(1, 1, 2, 2)))   // strictly inside
        #expect(square.interiorsOverlap(rectangle(0, 0, 2, 2)))   // inside, sharing a corner
        #expect(square.interiorsOverlap(square.reversed))         // orientation does not matter
    }

    /// The small triangle (legs 1) turned 45°, and a copy turned a further 180° about
    /// the middle of its hypotenuse: the two hypotenuses lie flush, forming a tilted square.
    @Test func tiltedTrianglesFlushAlongTheHypotenuse() throws {
        let base = try #require(Polygon([pu(0, 0), pu(1, 0), pu(0, 1)]))
        let tilted = try #require(base.rotated(by: Rotation(eighths: 1), around: .origin))
        let h = Exact(quarters: 0, sqrt2Quarters: 2)  // √2/2
        #expect(tilted.vertices == [.origin, Point(x: h, y: h), Point(x: -h, y: h)])
        let hypotenuseMiddle = Point(x: .zero, y: h)
        let partner = try #require(tilted.rotated(by: Rotation(degrees: 180)!, around: hypotenuseMiddle))
        #expect(partner.vertices.contains(Point(x: .zero, y: h.times(2))))

        #expect(!tilted.interiorsOverlap(partner) && !partner.interiorsOverlap(tilted))
        #expect(tilted.touchesOrOverlaps(partner))
        #expect(tilted.sharesBoundarySegment(with: partner))
        #expect(tilted.area + partner.area == Area(units: 1))

        // Pushed a quarter into each other they overlap; pulled a quarter apart they don't touch.
        #expect(tilted.interiorsOverlap(partner.translated(by: vq(0, -1))))
        #expect(!tilted.touchesOrOverlaps(partner.translated(by: vq(0, 1))))
        // Sliding along the shared hypotenuse (horizontal here) keeps contact without overlap.
        let slid = partner.translated(by: vq(1, 0))
        #expect(!tilted.interiorsOverlap(slid) && tilted.sharesBoundarySegment(with: slid))
    }

    /// Oracle for axis-aligned rectangles, decided on the quarter endpoints alone.
    @Test func agreesWithIntervalOracleForRectangles() throws {
        var rng = SplitMix64(seed: 70)
        var counts = (overlap: 0, touchOnly: 0, apart: 0, shared: 0)
        for _ in 0..<1000 {
            func interval() -> (Int, Int) {
                let low = rng.int(0...8)
                return (low, low + rng.int(1...4))
            }
            let (ax, ay, bx, by) = (interval(), interval(), interval(), interval())
            // Bounds in half units (even quarters), so that 45° turns stay exact.
            let a = rectangle(2 * ax.0, 2 * ay.0, 2 * ax.1, 2 * ay.1)
            let b = rectangle(2 * bx.0, 2 * by.0, 2 * bx.1, 2 * by.1)

            func openOverlap(_ p: (Int, Int), _ q: (Int, Int)) -> Bool { max(p.0, q.0) < min(p.1, q.1) }
            func closedOverlap(_ p: (Int, Int), _ q: (Int, Int)) -> Bool { max(p.0, q.0) <= min(p.1, q.1) }
            func sharedSide(_ p: (Int, Int), _ q: (Int, Int), _ across: ((Int, Int), (Int, Int))) -> Bool {
                let sides = [p.0, p.1], otherSides = [q.0, q.1]
                return sides.contains { otherSides.contains($0) } && openOverlap(across.0, across.1)
            }
            let overlap = openOverlap(ax, bx) && openOverlap(ay, by)
            let touch = closedOverlap(ax, bx) && closedOverlap(ay, by)
            let shared = sharedSide(ax, bx, (ay, by)) || sharedSide(ay, by, (ax, bx))

            #expect(a.interiorsOverlap(b) == overlap)
            #expect(a.touchesOrOverlaps(b) == touch)
            #expect(a.sharesBoundarySegment(with: b) == shared)
            #expect(b.interiorsOverlap(a) == overlap && b.reversed.touchesOrOverlaps(a) == touch)

            // Turning both by the same multiple of 45° about a common centre changes nothing.
            let r = rng.rotation()
            let centre = pu(rng.int(0...3), rng.int(0...3))
            let (ta, tb) = (try #require(a.rotated(by: r, around: centre)), try #require(b.rotated(by: r, around: centre)))
            #expect(ta.interiorsOverlap(tb) == overlap)
            #expect(ta.touchesOrOverlaps(tb) == touch)
            #expect(ta.sharesBoundarySegment(with: tb) == shared)

            if overlap { counts.overlap += 1 } else if touch { counts.touchOnly += 1 } else { counts.apart += 1 }
            if shared { counts.shared += 1 }
        }
        // Every branch of the oracle was exercised many times.
        #expect(counts.overlap > 100 && counts.touchOnly > 50 && counts.apart > 100 && counts.shared > 50)
    }

    @Test func triangleAgainstSquareCornerCases() throws {
        // A triangle whose hypotenuse runs from the square's corner (1, 0) to (0, 1)… inside it.
        let inside = try #require(Polygon([pu(0, 0), pu(1, 0), pu(0, 1)]))
        #expect(square.interiorsOverlap(inside))
        // The other half of the square shares the diagonal only.
        let otherHalf = try #require(Polygon([pu(1, 0), pu(1, 1), pu(0, 1)]))
        #expect(!inside.interiorsOverlap(otherHalf) && inside.sharesBoundarySegment(with: otherHalf))
        // A triangle poking one vertex into the square overlaps even though no vertex of
        // the square is inside it.
        let poke = try #require(Polygon([pq(2, 3), pq(6, 6), pq(-2, 6)]))
        #expect(square.interiorsOverlap(poke))
        // The same triangle touching the top edge with its vertex only.
        let tip = try #require(Polygon([pq(2, 4), pq(6, 7), pq(-2, 7)]))
        #expect(!square.interiorsOverlap(tip) && square.touchesOrOverlaps(tip))
        #expect(!square.sharesBoundarySegment(with: tip))

        // Only the triangle's slanted edge separates these from the square: the square's
        // own axes see the extents touch (x + y = 2 at the corner, 3 on the hypotenuse).
        let beyondCorner = try #require(Polygon([pq(8, 4), pq(8, 8), pq(4, 8)]))
        #expect(!square.touchesOrOverlaps(beyondCorner) && !beyondCorner.touchesOrOverlaps(square))
        // Moved so the hypotenuse passes through the corner (1, 1): touch, no overlap.
        let throughCorner = beyondCorner.translated(by: vq(-2, -2))
        #expect(!square.interiorsOverlap(throughCorner) && !throughCorner.interiorsOverlap(square))
        #expect(square.touchesOrOverlaps(throughCorner))
        #expect(square.interiorsOverlap(throughCorner.translated(by: vq(-1, 0))))
    }

    @Test func relationsAreInvariantUnderTranslation() {
        var rng = SplitMix64(seed: 71)
        let base = [rectangle(0, 0, 4, 4), rectangle(4, 0, 8, 4), rectangle(3, 3, 7, 7),
                    rectangle(4, 4, 8, 8), rectangle(5, 0, 9, 4)]
        for _ in 0..<200 {
            let (a, b) = (base[rng.int(0...4)], base[rng.int(0...4)])
            let offset = rng.vector(400)
            let (ma, mb) = (a.translated(by: offset), b.translated(by: offset))
            #expect(ma.interiorsOverlap(mb) == a.interiorsOverlap(b))
            #expect(ma.touchesOrOverlaps(mb) == a.touchesOrOverlaps(b))
            #expect(ma.sharesBoundarySegment(with: mb) == a.sharesBoundarySegment(with: b))
            if a.interiorsOverlap(b) { #expect(a.touchesOrOverlaps(b)) }
        }
    }
}

@Suite struct UnitSystemTests {
    @Test func playArea() {
        #expect(PlayArea.size == Exact(8) && PlayArea.primaryGrid == Exact(1))
        #expect(PlayArea.snapGrid == Exact(quarters: 1))
        #expect(PlayArea.contains(.origin) && PlayArea.contains(pu(8, 8)) && PlayArea.contains(pq(17, 31)))
        #expect(!PlayArea.contains(pq(-1, 0)) && !PlayArea.contains(pq(0, 33)))
        // 8 − √2/4·… just inside vs. just outside by an irrational amount.
        #expect(PlayArea.contains(Point(x: Exact(quarters: 32, sqrt2Quarters: -1), y: .zero)))
        #expect(!PlayArea.contains(Point(x: Exact(quarters: 32, sqrt2Quarters: 1), y: .zero)))
        #expect(PlayArea.contains(rectangle(0, 0, 32, 32)))
        #expect(!PlayArea.contains(rectangle(1, 1, 33, 2)))
    }

    @Test func screenTransform() {
        let screen = ScreenTransform.playArea(unitSize: 50)
        #expect(screen.apply(.origin) == (0, 400))
        #expect(screen.apply(pu(8, 8)) == (400, 0))
        #expect(screen.apply(pq(5, 2)) == (62.5, 375))
        #expect(ScreenTransform.playArea(unitSize: 10).apply(pu(1, 2)) == (10, 60))
        #expect(screen.unapply(62.5, 375) == (1.25, 0.5))
        let grid = ScreenTransform(originX: 20, originY: 30, scaleX: 40, scaleY: 40)
        #expect(grid.apply(2, 1) == (100, 70), "a Sudoku's (column, row), y down")

        var rng = SplitMix64(seed: 80)
        for _ in 0..<200 {
            let p = rng.point(32)
            let transform = ScreenTransform.playArea(unitSize: Double(rng.int(1...100)))
            let s = transform.apply(p)
            let back = transform.unapply(s.x, s.y)
            #expect(abs(back.x - p.doubleX) < 1e-9 && abs(back.y - p.doubleY) < 1e-9)
        }
    }
}
