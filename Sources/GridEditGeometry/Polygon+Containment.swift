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
