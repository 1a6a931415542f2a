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
    private func hasSeparatingAxis(with other: Polygon, touchingSeparates: Bool) -> Bool {
        for (start, end) in edges + other.edges {
            let direction = end - start
            let mine = extent(across: direction)
            let theirs = other.extent(across: direction)
            if touchingSeparates {
                if mine.upperBound <= theirs.lowerBound || theirs.upperBound <= mine.lowerBound { return true }
            } else {
                if mine.upperBound < theirs.lowerBound || theirs.upperBound < mine.lowerBound { return true }
            }
        }
        return false
    }

    private func extent(across direction: Vector) -> ClosedRange<ZSqrt2> {
        let positions = vertices.map { direction.cross($0 - .origin) }
        return positions.min()!...positions.max()!
    }
}
