import Testing
@testable import GridEditGeometry
import GridEditCore

/// Checks the separating-axis answers against a completely different method: clip one
/// polygon by the other with exact fractions (Sutherland–Hodgman) and look at the area
/// of what is left. Lattice polygons keep every clipped vertex rational, so ordinary
/// fractions are exact here.
@Suite struct ConvexOracleTests {
    @Test func separatingAxesAgreeWithExactClipping() throws {
        var rng = SplitMix64(seed: 90)
        var counts = (overlap: 0, touchOnly: 0, apart: 0)
        for _ in 0..<1500 {
            guard let a = randomConvex(&rng), let b = randomConvex(&rng) else { continue }
            let overlap = clippedArea(a, b) > .zero
            let touch = closedPolygonsMeet(a, b)

            #expect(a.interiorsOverlap(b) == overlap, "\(a) \(b)")
            #expect(b.interiorsOverlap(a) == overlap)
            #expect(a.touchesOrOverlaps(b) == touch, "\(a) \(b)")
            #expect(b.reversed.touchesOrOverlaps(a) == touch)

            // The same pair turned by any multiple of 45° (so with √2 coordinates) agrees.
            let r = rng.rotation()
            let centre = pu(rng.int(0...4), rng.int(0...4))
            let ta = try #require(a.rotated(by: r, around: centre))
            let tb = try #require(b.rotated(by: r, around: centre))
            #expect(ta.interiorsOverlap(tb) == overlap && ta.touchesOrOverlaps(tb) == touch)

            if overlap { counts.overlap += 1 } else if touch { counts.touchOnly += 1 } else { counts.apart += 1 }
        }
        #expect(counts.overlap > 200 && counts.touchOnly > 50 && counts.apart > 200, "\(counts)")
    }

    /// A random triangle or parallelogram with whole-unit vertices in a small box, so
    /// touching configurations are common.
    private func randomConvex(_ rng: inout SplitMix64) -> Polygon? {
        let p = pu(rng.int(0...4), rng.int(0...4))
        let u = Vector(x: Exact(rng.int(-3...3)), y: Exact(rng.int(-3...3)))
        let v = Vector(x: Exact(rng.int(-3...3)), y: Exact(rng.int(-3...3)))
        let ring = rng.int(0...1) == 0 ? [p, p + u, p + v] : [p, p + u, p + u + v, p + v]
        return Polygon(ring)
    }

    /// Closed convex polygons meet exactly when a vertex of one lies in the other or two
    /// edges intersect.
    private func closedPolygonsMeet(_ a: Polygon, _ b: Polygon) -> Bool {
        a.vertices.contains { b.contains($0) != .outside }
            || b.vertices.contains { a.contains($0) != .outside }
            || a.edges.contains { e in b.edges.contains { f in segmentsIntersect(e.start, e.end, f.start, f.end) } }
    }
}

// MARK: - Exact rational clipping

/// A reduced fraction; enough arithmetic for clipping small lattice polygons.
private struct Fraction: Comparable {
    let numerator: Int
    let denominator: Int

    init(_ numerator: Int, _ denominator: Int = 1) {
        precondition(denominator != 0)
        var (n, d) = denominator < 0 ? (-numerator, -denominator) : (numerator, denominator)
        var (x, y) = (abs(n), d)
        while y != 0 { (x, y) = (y, x % y) }
        if x > 1 { n /= x; d /= x }
        (self.numerator, self.denominator) = (n, d)
    }

    static let zero = Fraction(0)
    static func + (l: Fraction, r: Fraction) -> Fraction { Fraction(l.numerator * r.denominator + r.numerator * l.denominator, l.denominator * r.denominator) }
    static func - (l: Fraction, r: Fraction) -> Fraction { l + Fraction(-r.numerator, r.denominator) }
    static func * (l: Fraction, r: Fraction) -> Fraction { Fraction(l.numerator * r.numerator, l.denominator * r.denominator) }
    static func / (l: Fraction, r: Fraction) -> Fraction { Fraction(l.numerator * r.denominator, l.denominator * r.numerator) }
    static func < (l: Fraction, r: Fraction) -> Bool { l.numerator * r.denominator < r.numerator * l.denominator }
}

private typealias RationalPoint = (x: Fraction, y: Fraction)

private func rational(_ p: Point) -> RationalPoint {
    precondition(p.x.isOnQuarterGrid && p.y.isOnQuarterGrid)
    return (Fraction(p.x.numerator.a, 4), Fraction(p.y.numerator.a, 4))
}

/// Twice the signed area of the triangle o, a, b.
private func cross(_ o: RationalPoint, _ a: RationalPoint, _ b: RationalPoint) -> Fraction {
    (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
}

/// Area (times 2) of A ∩ B: clip A by every edge line of B, B made counter-clockwise.
private func clippedArea(_ a: Polygon, _ b: Polygon) -> Fraction {
    var subject = a.vertices.map(rational)
    let clip = (b.isCounterClockwise ? b : b.reversed).vertices.map(rational)
    for i in clip.indices where !subject.isEmpty {
        let (p, q) = (clip[i], clip[(i + 1) % clip.count])
        var kept: [RationalPoint] = []
        for j in subject.indices {
            let (s, e) = (subject[j], subject[(j + 1) % subject.count])
            let (sideS, sideE) = (cross(p, q, s), cross(p, q, e))
            if !(sideS < .zero) { kept.append(s) }
            if (sideS < .zero) != (sideE < .zero) && sideS != sideE {
                // The crossing point s + t(e − s) where the side value reaches zero.
                let t = sideS / (sideS - sideE)
                kept.append((s.x + t * (e.x - s.x), s.y + t * (e.y - s.y)))
            }
        }
        subject = kept
    }
    guard subject.count >= 3 else { return .zero }
    var twice = Fraction.zero
    for i in 1..<(subject.count - 1) { twice = twice + cross(subject[0], subject[i], subject[i + 1]) }
    return twice < .zero ? .zero - twice : twice
}
