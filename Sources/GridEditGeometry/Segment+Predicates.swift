// Exact predicates on points and segments that the polygon code is built from.
// Each one is a sign of a cross or dot product, so each is exact.

/// +1 if a → b → c turns counter-clockwise, −1 if clockwise, 0 if collinear.
func orientation(_ a: Point, _ b: Point, _ c: Point) -> Int {
    (b - a).cross(c - a).signum
}

/// Whether `p` lies on the closed segment from `a` to `b`.
func segment(_ a: Point, _ b: Point, contains p: Point) -> Bool {
    // Collinear, and a and b lie on opposite sides of p (or one of them is p).
    orientation(a, b, p) == 0 && (a - p).dot(b - p).signum <= 0
}

/// Whether the closed segments p1p2 and q1q2 have at least one point in common.
func segmentsIntersect(_ p1: Point, _ p2: Point, _ q1: Point, _ q2: Point) -> Bool {
    let d1 = orientation(q1, q2, p1)
    let d2 = orientation(q1, q2, p2)
    let d3 = orientation(p1, p2, q1)
    let d4 = orientation(p1, p2, q2)
    // Proper crossing: each segment's ends are strictly on both sides of the other.
    if d1 * d2 < 0 && d3 * d4 < 0 { return true }
    // Otherwise they can only meet at an endpoint lying on the other segment.
    return segment(q1, q2, contains: p1) || segment(q1, q2, contains: p2)
        || segment(p1, p2, contains: q1) || segment(p1, p2, contains: q2)
}
