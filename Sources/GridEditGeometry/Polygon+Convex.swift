// Relations between two convex polygons (pieces), decided exactly.

extension Polygon {
    /// True only when the interiors share a region of positive area. Sharing an edge,
    /// part of an edge, or a single point is not an overlap.
    ///
    /// Both polygons must be convex (either orientation). Separating-axis theorem: two
    /// convex polygons have disjoint interiors exactly when, across some edge direction
    /// of one of them, their extents meet at most at one value.
    public func interiorsOverlap(_ other: Polygon) -> Bool {
        assert(isConvex && other.isConvex, "interiorsOverlap needs convex polygons")
        return !hasSeparatingAxis(with: other, touchingSeparates: true)
    }

    /// True when the closed polygons meet at all, even in a single common point.
    /// Both polygons must be convex (either orientation).
    public func touchesOrOverlaps(_ other: Polygon) -> Bool {
        assert(isConvex && other.isConvex, "touchesOrOverlaps needs convex polygons")
        return !hasSeparatingAxis(with: other, touchingSeparates: false)
    }

    /// True when the two boundaries share a piece of positive length ("edge contact").
    /// Works for any two polygons, convex or not.
    public func sharesBoundarySegment(with other: Polygon) -> Bool {
        for (p, q) in edges {
            let direction = q - p
            let length = direction.dot(direction)
            for (r, s) in other.edges {
                // Both ends of the other edge on the line through p and q?
                guard direction.cross(r - p) == .zero, direction.cross(s - p) == .zero else { continue }
                // Positions along the line, p at 0 and q at `length` (all over 16).
                let (u, v) = (direction.dot(r - p), direction.dot(s - p))
                if max(.zero, min(u, v)) < min(length, max(u, v)) { return true }
            }
        }
        return false
    }

    /// Whether some edge direction of either polygon separates them. Each axis is the
    /// normal of an edge; a vertex's position along it is `direction × vertex` (over 16).
    /// (Edges taken in order, first this polygon's, then the other's; nothing is allocated: the
    /// snap tests thousands of pairs a frame.)
    private func hasSeparatingAxis(with other: Polygon, touchingSeparates: Bool) -> Bool {
        func separates(_ direction: Vector) -> Bool {
            let mine = extent(across: direction), theirs = other.extent(across: direction)
            if touchingSeparates {
                return mine.high <= theirs.low || theirs.high <= mine.low
            }
            return mine.high < theirs.low || theirs.high < mine.low
        }
        func someEdgeSeparates(_ ring: [Point]) -> Bool {
            for k in ring.indices where separates(ring[k + 1 == ring.count ? 0 : k + 1] - ring[k]) { return true }
            return false
        }
        return someEdgeSeparates(vertices) || someEdgeSeparates(other.vertices)
    }

    private func extent(across direction: Vector) -> (low: ZSqrt2, high: ZSqrt2) {
        var low = direction.cross(vertices[0] - .origin), high = low
        for vertex in vertices.dropFirst() {
            let position = direction.cross(vertex - .origin)
            if position < low { low = position }
            if position > high { high = position }
        }
        return (low, high)
    }
}

extension Polygon {
    /// The area the two convex polygons share, approximately (in doubles): how much a pose that
    /// overlaps another overlaps it. Sutherland–Hodgman: this polygon clipped by each edge of the
    /// other in turn. Either orientation.
    public func approximateOverlapArea(_ other: Polygon) -> Double {
        var clipped = vertices.map { ($0.doubleX, $0.doubleY) }
        let window = other.vertices.map { ($0.doubleX, $0.doubleY) }
        let orientation: Double = other.isCounterClockwise ? 1 : -1
        for k in window.indices where !clipped.isEmpty {
            let a = window[k], b = window[(k + 1) % window.count]
            func side(_ p: (Double, Double)) -> Double { orientation * ((b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0)) }
            var next: [(Double, Double)] = []
            for i in clipped.indices {
                let p = clipped[i], q = clipped[(i + 1) % clipped.count]
                let sp = side(p), sq = side(q)
                if sp >= 0 { next.append(p) }
                if (sp >= 0) != (sq >= 0) {
                    let t = sp / (sp - sq)
                    next.append((p.0 + t * (q.0 - p.0), p.1 + t * (q.1 - p.1)))
                }
            }
            clipped = next
        }
        return clipped.count < 3 ? 0 : abs(Self.signedArea(clipped))
    }

    private static func signedArea(_ points: [(Double, Double)]) -> Double {
        var twice = 0.0
        for i in points.indices {
            let p = points[i], q = points[(i + 1) % points.count]
            twice += p.0 * q.1 - q.0 * p.1
        }
        return twice / 2
    }
}
