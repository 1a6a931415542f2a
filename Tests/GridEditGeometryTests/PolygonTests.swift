import Testing
@testable import GridEditGeometry
import GridEditCore

@Suite struct PolygonTests {
    let unitSquare = Polygon([pu(0, 0), pu(1, 0), pu(1, 1), pu(0, 1)])!

    @Test func unitSquareAreaAndOrientation() {
        #expect(unitSquare.twiceSignedArea == ZSqrt2(32))
        #expect(unitSquare.isCounterClockwise)
        #expect(unitSquare.area == Area(units: 1))
        #expect(unitSquare.reversed.twiceSignedArea == ZSqrt2(-32))
        #expect(!unitSquare.reversed.isCounterClockwise)
        #expect(unitSquare.reversed.area == Area(units: 1))
        #expect(unitSquare.reversed.vertices == [pu(0, 0), pu(0, 1), pu(1, 1), pu(1, 0)])
        #expect(unitSquare.reversed.reversed == unitSquare)
        #expect(unitSquare.edges.count == 4)
        #expect(unitSquare.edges.last! == (pu(0, 1), pu(0, 0)))
        #expect(unitSquare.description == "[(0, 0), (1, 0), (1, 1), (0, 1)]")
    }

    @Test func triangleAreas() throws {
        // Legs 1: area 1/2. Legs √2 (the same triangle turned 45° and scaled): area 1.
        let small = try #require(Polygon([pu(0, 0), pu(1, 0), pu(0, 1)]))
        #expect(small.area.numerator == ZSqrt2(16))
        #expect(small.area < Area(units: 1) && small.area + small.area == Area(units: 1))
        let root2 = Exact(quarters: 0, sqrt2Quarters: 4)
        let big = try #require(Polygon([.origin, Point(x: root2, y: .zero), Point(x: .zero, y: root2)]))
        #expect(big.area == Area(units: 1))
        #expect(abs(Area(numerator: ZSqrt2(0, 32)).doubleValue - 2.0.squareRoot()) < 1e-12)
        // 1 < √2 < 1.5 as areas.
        #expect(Area(units: 1) < Area(numerator: ZSqrt2(0, 32)))
        #expect(Area(numerator: ZSqrt2(0, 32)) < Area(numerator: ZSqrt2(48)))
    }

    @Test func invalidRingsAreRefused() {
        #expect(Polygon([]) == nil)
        #expect(Polygon([pu(0, 0), pu(1, 0)]) == nil)
        // Bow-ties: edges cross in the middle. The symmetric one also has zero signed
        // area; the lopsided one does not, so only the crossing test can refuse it.
        #expect(Polygon([pu(0, 0), pu(1, 1), pu(1, 0), pu(0, 1)]) == nil)
        #expect(Polygon([pu(0, 0), pu(2, 2), pu(2, 0), pu(0, 1)]) == nil)
        // A five-pointed star drawn in one stroke.
        #expect(Polygon([pu(0, 0), pu(2, 4), pu(4, 0), pu(-1, 3), pu(5, 3)]) == nil)
        // All collinear.
        #expect(Polygon([pu(0, 0), pu(1, 0), pu(2, 0)]) == nil)
        #expect(Polygon([pu(0, 0), pu(1, 1), pu(2, 2), pu(3, 3)]) == nil)
        // Repeated consecutive vertex, and the closing vertex repeated.
        #expect(Polygon([pu(0, 0), pu(1, 0), pu(1, 0), pu(0, 1)]) == nil)
        #expect(Polygon([pu(0, 0), pu(1, 0), pu(1, 1), pu(0, 0)]) == nil)
        // A spike: the ring runs out along an edge and back.
        #expect(Polygon([pu(0, 0), pu(2, 0), pu(1, 0), pu(1, 1)]) == nil)
        #expect(Polygon([pu(0, 0), pu(2, 0), pu(2, 2), pu(2, 1)]) == nil)
        // Touches itself at a vertex (two squares sharing a corner, one ring).
        #expect(Polygon([pu(0, 0), pu(1, 0), pu(1, 1), pu(2, 1), pu(2, 2), pu(1, 2), pu(1, 1), pu(0, 1)]) == nil)
        // A vertex lying on a non-adjacent edge.
        #expect(Polygon([pu(0, 0), pu(2, 0), pu(2, 2), pu(1, 0)]) == nil)
        // Overlapping collinear non-adjacent edges.
        #expect(Polygon([pu(0, 0), pu(3, 0), pu(3, 1), pu(2, 1), pu(2, 0), pu(1, 0), pu(1, 1), pu(0, 1)]) == nil)
    }

    @Test func validRingsAreAccepted() {
        // Collinear vertex on an edge (straight angle) is allowed.
        #expect(Polygon([pu(0, 0), pu(1, 0), pu(2, 0), pu(2, 1), pu(0, 1)]) != nil)
        // Clockwise rings (holes) are kept as given.
        let hole = Polygon([pu(0, 0), pu(0, 1), pu(1, 1), pu(1, 0)])
        #expect(hole?.isCounterClockwise == false)
        // Non-convex L shape.
        #expect(Polygon([pu(0, 0), pu(2, 0), pu(2, 1), pu(1, 1), pu(1, 2), pu(0, 2)]) != nil)
        // Vertices with √2 parts.
        let h = Exact(quarters: 0, sqrt2Quarters: 2)
        #expect(Polygon([.origin, Point(x: h, y: h), Point(x: -h, y: h)]) != nil)
    }

    @Test func convexity() throws {
        #expect(unitSquare.isConvex && unitSquare.reversed.isConvex)
        let withStraightAngle = try #require(Polygon([pu(0, 0), pu(1, 0), pu(2, 0), pu(2, 1), pu(0, 1)]))
        #expect(withStraightAngle.isConvex)
        let lShape = try #require(Polygon([pu(0, 0), pu(2, 0), pu(2, 1), pu(1, 1), pu(1, 2), pu(0, 2)]))
        #expect(!lShape.isConvex && !lShape.reversed.isConvex)
        // A dent of one quarter is still a dent.
        let dented = try #require(Polygon([pu(0, 0), pu(1, 0), pq(4, 4), pq(2, 3), pq(0, 4)]))
        #expect(!dented.isConvex)
    }

    @Test func areaIsInvariantUnderRigidMotions() throws {
        var rng = SplitMix64(seed: 50)
        var tested = 0
        while tested < 300 {
            // Random triangles and quadrilaterals with ℤ[√2] vertices.
            let count = rng.int(3...4)
            let points = (0..<count).map { _ in Point.origin + rng.ringVector(6) }
            guard let polygon = Polygon(points) else { continue }
            tested += 1
            let offset = rng.vector(400)
            let (rotation, centre) = (rng.rotation(), Point.origin + rng.ringVector(6))
            #expect(polygon.translated(by: offset).twiceSignedArea == polygon.twiceSignedArea)
            let turned = try #require(polygon.rotated(by: rotation, around: centre))
            #expect(turned.twiceSignedArea == polygon.twiceSignedArea)
            let mirrored = polygon.reflectedX(around: rng.point(400))
            #expect(mirrored.twiceSignedArea == polygon.twiceSignedArea)  // re-ordered to keep orientation
            #expect(Polygon(mirrored.vertices) != nil && Polygon(turned.vertices) != nil)
            #expect(turned.isConvex == polygon.isConvex)
        }
    }

    @Test func areaMatchesShoelaceInDouble() {
        var rng = SplitMix64(seed: 51)
        var tested = 0
        while tested < 200 {
            let points = (0..<rng.int(3...6)).map { _ in rng.point(40) }
            guard let polygon = Polygon(points) else { continue }
            tested += 1
            var twice = 0.0
            for (a, b) in polygon.edges { twice += a.doubleX * b.doubleY - b.doubleX * a.doubleY }
            #expect(abs(polygon.area.doubleValue - abs(twice) / 2) < 1e-9)
            #expect(polygon.isCounterClockwise == (twice > 0))
        }
    }

    @Test func rotationRefusesVerticesThatLeaveTheRing() {
        let quarterSquare = rectangle(0, 0, 1, 1)
        #expect(quarterSquare.rotated(by: Rotation(eighths: 1), around: .origin) == nil)
        #expect(quarterSquare.rotated(by: Rotation(eighths: 2), around: .origin)?.vertices
                == [pq(0, 0), pq(0, 1), pq(-1, 1), pq(-1, 0)])
    }

    @Test func reflectionKeepsOrientationAndFirstVertex() {
        let triangle = Polygon([pu(1, 0), pu(3, 0), pu(1, 1)])!
        let mirrored = triangle.reflectedX(around: pu(0, 5))
        #expect(mirrored.vertices == [pu(-1, 0), pu(-1, 1), pu(-3, 0)])
        #expect(mirrored.isCounterClockwise)
        #expect(triangle.reversed.reflectedX(around: .origin).isCounterClockwise == false)
    }

    @Test func boundingBox() {
        let h = Exact(quarters: 0, sqrt2Quarters: 2)
        let diamond = Polygon([Point(x: .zero, y: -h), Point(x: h, y: .zero), Point(x: .zero, y: h), Point(x: -h, y: .zero)])!
        let box = diamond.boundingBox
        #expect(box == BoundingBox(minX: -h, minY: -h, maxX: h, maxY: h))
        #expect(box.width == h.times(2) && box.height == h.times(2))
        #expect(box.contains(Point(x: h, y: h)) && !box.contains(Point(x: h, y: h + Exact(quarters: 1))))
    }
}

@Suite struct ContainmentTests {
    let lShape = Polygon([pu(0, 0), pu(2, 0), pu(2, 1), pu(1, 1), pu(1, 2), pu(0, 2)])!

    @Test func namedPoints() {
        #expect(lShape.contains(pq(2, 2)) == .inside)
        #expect(lShape.contains(pq(6, 2)) == .inside)
        #expect(lShape.contains(pq(6, 6)) == .outside)      // in the notch
        #expect(lShape.contains(pu(1, 1)) == .onBoundary)   // the reflex corner
        #expect(lShape.contains(pq(6, 4)) == .onBoundary)
        #expect(lShape.contains(pu(0, 0)) == .onBoundary)
        #expect(lShape.contains(pq(-1, 4)) == .outside)     // ray passes through the vertex (1, 1)
        #expect(lShape.contains(pq(-1, 8)) == .outside)     // ray along the top edge
        #expect(lShape.contains(pq(2, 4)) == .inside)       // ray through the reflex vertex
        #expect(lShape.reversed.contains(pq(2, 4)) == .inside)
        #expect(lShape.reversed.contains(pq(6, 6)) == .outside)
    }

    /// Oracle: the L shape is the union of [0,2]×[0,1] and [0,1]×[0,2] (in units),
    /// decided here with plain integer quarter comparisons.
    @Test func agreesWithRectangleOracle() {
        var rng = SplitMix64(seed: 60)
        for _ in 0..<1000 {
            let (x, y) = (rng.int(-2...10), rng.int(-2...10))
            func inBox(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, strict: Bool) -> Bool {
                strict ? (x0 < x && x < x1 && y0 < y && y < y1) : (x0 <= x && x <= x1 && y0 <= y && y <= y1)
            }
            let closed = inBox(0, 0, 8, 4, strict: false) || inBox(0, 0, 4, 8, strict: false)
            let open = inBox(0, 0, 8, 4, strict: true) || inBox(0, 0, 4, 8, strict: true)
                || (0 < x && x < 4 && y == 4)  // the seam between the two rectangles
            let expected: Containment = open ? .inside : closed ? .onBoundary : .outside
            #expect(lShape.contains(pq(x, y)) == expected, "(\(x), \(y)) quarters")
            #expect(lShape.reversed.contains(pq(x, y)) == expected)
        }
    }

    @Test func tiltedSquareAgreesWithDistanceOracle() throws {
        // A square turned 45°: |x| + |y| ≤ √2/2 (in units), decided exactly in the ring.
        let h = Exact(quarters: 0, sqrt2Quarters: 2)
        let diamond = try #require(Polygon([Point(x: h, y: .zero), Point(x: .zero, y: h), Point(x: -h, y: .zero), Point(x: .zero, y: -h)]))
        var rng = SplitMix64(seed: 61)
        for _ in 0..<1000 {
            let p = Point(x: Exact(quarters: rng.int(-4...4), sqrt2Quarters: rng.int(-3...3)),
                          y: Exact(quarters: rng.int(-4...4), sqrt2Quarters: rng.int(-3...3)))
            let ax = p.x.signum < 0 ? -p.x : p.x
            let ay = p.y.signum < 0 ? -p.y : p.y
            let slack = h - (ax + ay)
            let expected: Containment = slack.signum > 0 ? .inside : slack.signum == 0 ? .onBoundary : .outside
            #expect(diamond.contains(p) == expected, "\(p)")
        }
    }
}
