/// Where a point lies relative to a closed polygon.
public enum Containment: Hashable, Sendable {
    case inside
    case onBoundary
    case outside
}

extension Polygon {
    /// Exact point location for any simple polygon, convex or not.
    ///
    /// Uses the winding number: count the edges that cross the horizontal ray to the
    /// right of `p`, upward crossings +1 and downward −1. Each edge is half-open in y
    /// (includes its lower end only), so a ray through a vertex is counted once.
    public func contains(_ p: Point) -> Containment {
        var winding = 0
        for (a, b) in edges {
            if segment(a, b, contains: p) { return .onBoundary }
            if a.y <= p.y {
                if b.y > p.y && orientation(a, b, p) > 0 { winding += 1 }  // upward, p on the left
            } else if b.y <= p.y && orientation(a, b, p) < 0 {
                winding -= 1  // downward, p on the right
            }
        }
        return winding == 0 ? .outside : .inside
    }
}

// MARK: - Approximate containment

extension Polygon {
    /// Whether the point (x, y), known only approximately (a finger on the screen, a pixel in a
    /// photo), lies in the convex polygon whose `corners` run counter-clockwise, at least `inset`
    /// units from every edge. An inset of 0 counts the edges as inside; a negative one admits
    /// points just outside, a positive one keeps off the edges. Exact geometry uses
    /// ``contains(_:)`` instead.
    ///
    /// Inside is to the left of every edge: the cross product of the edge with the point is its
    /// distance from the edge's line times the edge's length.
    public static func convex(_ corners: [(x: Double, y: Double)], contains x: Double, _ y: Double, inset: Double = 0) -> Bool {
        for i in corners.indices {
            let a = corners[i], b = corners[i + 1 == corners.count ? 0 : i + 1]
            let (ex, ey) = (b.x - a.x, b.y - a.y)
            let cross = ex * (y - a.y) - ey * (x - a.x)
            let limit = inset == 0 ? 0 : inset * (ex * ex + ey * ey).squareRoot()
            if cross < limit { return false }
        }
        return true
    }

    /// How far inside the convex counter-clockwise polygon the point (x, y) lies: its distance
    /// from the nearest edge's line, negative outside. Display precision, like
    /// ``convex(_:contains:_:inset:)``: for deciding how deep approximate outlines overlap.
    public static func convex(_ corners: [(x: Double, y: Double)], depthOf x: Double, _ y: Double) -> Double {
        var depth = Double.infinity
        for i in corners.indices {
            let a = corners[i], b = corners[i + 1 == corners.count ? 0 : i + 1]
            let (ex, ey) = (b.x - a.x, b.y - a.y)
            depth = min(depth, (ex * (y - a.y) - ey * (x - a.x)) / (ex * ex + ey * ey).squareRoot())
        }
        return depth
    }

    /// The point of the polygon's boundary nearest to (x, y). Display precision.
    public static func nearestBoundaryPoint(_ corners: [(x: Double, y: Double)], to x: Double, _ y: Double) -> (x: Double, y: Double) {
        var best = corners[0], bestSquared = Double.infinity
        for i in corners.indices {
            let a = corners[i], b = corners[i + 1 == corners.count ? 0 : i + 1]
            let (ex, ey) = (b.x - a.x, b.y - a.y)
            let t = max(0, min(1, ((x - a.x) * ex + (y - a.y) * ey) / (ex * ex + ey * ey)))
            let q = (x: a.x + t * ex, y: a.y + t * ey)
            let squared = (q.x - x) * (q.x - x) + (q.y - y) * (q.y - y)
            if squared < bestSquared { (best, bestSquared) = (q, squared) }
        }
        return best
    }

    /// The distance from the point (x, y) to the nearest point of the polygon's boundary.
    public static func boundaryDistance(_ corners: [(x: Double, y: Double)], from x: Double, _ y: Double) -> Double {
        let q = nearestBoundaryPoint(corners, to: x, y)
        return ((q.x - x) * (q.x - x) + (q.y - y) * (q.y - y)).squareRoot()
    }

    /// ``convex(_:contains:_:inset:)`` for a convex counter-clockwise polygon of exact corners.
    public func approximatelyContains(_ x: Double, _ y: Double, inset: Double = 0) -> Bool {
        Self.convex(vertices.map { ($0.doubleX, $0.doubleY) }, contains: x, y, inset: inset)
    }
}
