/// The extents of a shape on the four octilinear normals y, y − x, x and x + y: an axis-aligned
/// box with its corners cut at 45°.
///
/// For a *convex* polygon whose edges all run in the eight directions these eight numbers are not
/// an approximation but the polygon itself: it is exactly the set of points that lie within all
/// four extents, since each of its edges lies on one of the eight bounding lines. A segment in one
/// of the eight directions is such a (flat) shape too.
///
/// That makes the overlap test of two such shapes a separating-axis test whose axes are the four
/// normals, and projecting on them needs only additions: no multiplication, no rounding.
public struct OctilinearBounds: Hashable, Sendable {
    // Numerators over 4 (like `Exact`), per normal: 0 = y, 1 = y − x, 2 = x, 3 = x + y.
    public var lo0, lo1, lo2, lo3: ZSqrt2
    public var hi0, hi1, hi2, hi3: ZSqrt2

    /// The bounds of one point.
    public init(_ p: Point) {
        let (x, y) = (p.x.numerator, p.y.numerator)
        lo0 = y; lo1 = y - x; lo2 = x; lo3 = x + y
        hi0 = lo0; hi1 = lo1; hi2 = lo2; hi3 = lo3
    }

    /// The bounds of a set of points (at least one).
    public init(_ points: [Point]) {
        self.init(points[0])
        for p in points.dropFirst() { include(p) }
    }

    /// Widens the bounds to take in `p`.
    public mutating func include(_ p: Point) {
        let (x, y) = (p.x.numerator, p.y.numerator)
        let (p0, p1, p2, p3) = (y, y - x, x, x + y)
        if p0 < lo0 { lo0 = p0 }; if hi0 < p0 { hi0 = p0 }
        if p1 < lo1 { lo1 = p1 }; if hi1 < p1 { hi1 = p1 }
        if p2 < lo2 { lo2 = p2 }; if hi2 < p2 { hi2 = p2 }
        if p3 < lo3 { lo3 = p3 }; if hi3 < p3 { hi3 = p3 }
    }

    /// The same bounds moved by the vector from the origin to `p`.
    @inlinable @inline(__always)
    public func translated(to p: Point) -> OctilinearBounds {
        let (x, y) = (p.x.numerator, p.y.numerator)
        var moved = self
        let (p0, p1, p2, p3) = (y, y - x, x, x + y)
        moved.lo0 += p0; moved.hi0 += p0
        moved.lo1 += p1; moved.hi1 += p1
        moved.lo2 += p2; moved.hi2 += p2
        moved.lo3 += p3; moved.hi3 += p3
        return moved
    }

    /// True when the two shapes have an interior point in common: for a segment and a convex
    /// piece, when the segment passes through the piece's interior; for two convex pieces, when
    /// they overlap. Touching along an edge or at a corner is not enough. Both shapes must be
    /// convex with octilinear edges (a segment counts).
    ///
    /// Separating-axis theorem: two convex shapes have disjoint interiors exactly when, across
    /// some edge direction of one of them, their extents meet at most at one value; every edge
    /// direction here is one of the four classes.
    @inlinable @inline(__always)
    public func interiorsMeet(_ other: OctilinearBounds) -> Bool {
        ZSqrt2.isLess(other.lo2, hi2) && ZSqrt2.isLess(lo2, other.hi2)
            && ZSqrt2.isLess(other.lo0, hi0) && ZSqrt2.isLess(lo0, other.hi0)
            && ZSqrt2.isLess(other.lo1, hi1) && ZSqrt2.isLess(lo1, other.hi1)
            && ZSqrt2.isLess(other.lo3, hi3) && ZSqrt2.isLess(lo3, other.hi3)
    }

    /// True when `p` lies in the shape, its border included.
    public func contains(_ p: Point) -> Bool {
        let (x, y) = (p.x.numerator, p.y.numerator)
        let (p0, p1, p2, p3) = (y, y - x, x, x + y)
        return lo0 <= p0 && p0 <= hi0 && lo1 <= p1 && p1 <= hi1 && lo2 <= p2 && p2 <= hi2 && lo3 <= p3 && p3 <= hi3
    }
}

extension ZSqrt2 {
    /// Exactly `lhs < rhs`, like the `Comparable` operator, written so that it can be inlined into
    /// the solver's inner loops: while both differences fit in 31 bits (always, for tangram
    /// coordinates, which stay below 2^13), the squares are compared in plain `Int`; otherwise
    /// the general ``signum`` decides.
    @inlinable @inline(__always)
    public static func isLess(_ lhs: ZSqrt2, _ rhs: ZSqrt2) -> Bool {
        let a = lhs.a - rhs.a, b = lhs.b - rhs.b
        if a <= 0 && b <= 0 { return a < 0 || b < 0 }
        if a >= 0 && b >= 0 { return false }
        // Opposite signs: a + b√2 < 0 exactly when the negative part outweighs, a² vs 2b².
        guard a.magnitude < 1 << 31, b.magnitude < 1 << 31 else { return lhs < rhs }
        return a < 0 ? a &* a > 2 &* b &* b : 2 &* b &* b > a &* a
    }
}
