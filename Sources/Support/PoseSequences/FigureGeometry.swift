import GridEditCore
import GridEditGeometry

/// Questions about a figure (placed pieces) that the generator and the checker ask. Every yes/no
/// about contact, overlap and holes is decided exactly; distances are approximate and only ever
/// measure how wrong something is, or keep generated figures unambiguous.
public enum FigureGeometry {
    /// The least distance between two pieces that do not touch, in units, that a generated figure
    /// allows without paper between them. Larger than the editor's snap radius (0.5) plus the
    /// noise of two pieces (2 × 0.08 on each axis): a gap the input cannot tell from a contact
    /// would make the target figure itself ambiguous, and a miss would be the generator's fault.
    public static let clearance = 0.75

    /// Whether every piece is reached from the first through pieces that touch (along an edge or
    /// at a single point), decided exactly.
    public static func isConnected(_ poses: [Pose]) -> Bool {
        components(poses) { $0.touchesOrOverlaps($1) }.count == 1
    }

    /// The parts a figure falls into when pieces that meet only at a point count as apart.
    public static func edgeConnectedParts(_ poses: [Pose]) -> Int {
        components(poses) { $0.sharesBoundarySegment(with: $1) }.count
    }

    static func components(_ poses: [Pose], joined: (Polygon, Polygon) -> Bool) -> [[Int]] {
        let polygons = poses.map(\.polygon)
        var seen = Set<Int>()
        var parts: [[Int]] = []
        for start in polygons.indices where !seen.contains(start) {
            var part = [start]
            var frontier = [start]
            seen.insert(start)
            while let i = frontier.popLast() {
                for j in polygons.indices where !seen.contains(j) && joined(polygons[i], polygons[j]) {
                    seen.insert(j)
                    part.append(j)
                    frontier.append(j)
                }
            }
            parts.append(part)
        }
        return parts
    }

    /// Whether no two pieces overlap (touching is fine), exactly.
    public static func isNonOverlapping(_ poses: [Pose]) -> Bool {
        let polygons = poses.map(\.polygon)
        for i in polygons.indices {
            for j in polygons.indices where j > i && polygons[i].interiorsOverlap(polygons[j]) { return false }
        }
        return true
    }

    /// How many holes the union of the pieces encloses (clockwise rings of the union), exactly;
    /// nil when pieces overlap.
    public static func holeCount(_ poses: [Pose]) -> Int? {
        guard let region = try? OctilinearRegion(union: poses.map(\.polygon)) else { return nil }
        return region.rings.filter { !$0.isCounterClockwise }.count
    }

    /// The area the figure encloses (holes), approximately: the figure is drawn on a 0.08 grid
    /// with each piece grown by 0.06, so that holes closed only at points (pieces meeting corner
    /// to corner round them) count as well as holes closed along edges; then everything not
    /// reached from outside is a hole.
    public static func enclosedArea(_ poses: [Pose]) -> Double {
        let step = 0.08, grow = 0.06
        let rings = poses.map { points($0.polygon) }
        let xs = rings.flatMap { $0.map(\.x) }, ys = rings.flatMap { $0.map(\.y) }
        // A margin wider than a grown sharp corner reaches, so the outside is one region.
        let margin = 0.5
        let (x0, y0) = (xs.min()! - margin, ys.min()! - margin)
        let columns = Int(((xs.max()! + margin - x0) / step).rounded(.up)), rows = Int(((ys.max()! + margin - y0) / step).rounded(.up))
        let boxes: [(Double, Double, Double, Double)] = rings.map { (ring: Ring) in
            let xs: [Double] = ring.map(\.x), ys: [Double] = ring.map(\.y)
            return (xs.min()! - 1, ys.min()! - 1, xs.max()! + 1, ys.max()! + 1)
        }
        func covered(_ p: SIMD2<Double>) -> Bool {
            rings.indices.contains { i in
                let (ring, box) = (rings[i], boxes[i])
                guard p.x >= box.0, p.y >= box.1, p.x <= box.2, p.y <= box.3 else { return false }
                return ring.indices.allSatisfy { (k: Int) -> Bool in
                    let s: SIMD2<Double> = ring[k], e: SIMD2<Double> = ring[(k + 1) % ring.count]
                    let cross: Double = (e.x - s.x) * (p.y - s.y) - (e.y - s.y) * (p.x - s.x)
                    return cross / length(e - s) >= -grow
                }
            }
        }
        var blocked = [Bool](repeating: false, count: columns * rows)
        for r in 0..<rows { for c in 0..<columns { blocked[r * columns + c] = covered(SIMD2(x0 + (Double(c) + 0.5) * step, y0 + (Double(r) + 0.5) * step)) } }
        var reached = [Bool](repeating: false, count: columns * rows)
        var frontier = [0]
        reached[0] = true
        while let i = frontier.popLast() {
            let (r, c) = (i / columns, i % columns)
            for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                let (nr, nc) = (r + dr, c + dc)
                guard nr >= 0, nr < rows, nc >= 0, nc < columns else { continue }
                let j = nr * columns + nc
                if !reached[j] && !blocked[j] { reached[j] = true; frontier.append(j) }
            }
        }
        let enclosed = blocked.indices.filter { !blocked[$0] && !reached[$0] }.count
        return Double(enclosed) * step * step
    }

    /// Whether the figure's contacts alone fix where every piece lies relative to the others:
    /// each corner of a piece lying on another's outline (on an edge or a corner) is one straight
    /// line the two pieces' relative position must keep, and the figure is rigid when those lines
    /// leave no freedom (rank 2(n − 1) in the n pieces' positions). Which corners touch which
    /// edges is decided exactly; only the rank is computed in floating point, on small integers.
    ///
    /// A figure that is not rigid can slide apart along some contact without opening or closing
    /// any (a ring of pieces meeting only corner to edge round a hole can grow or shrink the
    /// hole): its input, within any noise, does not say where the slide goes.
    public static func isRigid(_ poses: [Pose]) -> Bool {
        let n = poses.count
        guard n > 1 else { return true }
        let polygons = poses.map(\.polygon)
        var rows: [[Double]] = []
        for i in 0..<n {
            for j in 0..<n where j != i {
                for v in polygons[i].vertices {
                    for (a, b) in polygons[j].edges where onSegment(v, a, b) {
                        let d = b - a
                        // Piece 0 stays put: its columns are left out.
                        var row = [Double](repeating: 0, count: 2 * n - 2)
                        if i > 0 { row[2 * i - 2] = -d.y.doubleValue; row[2 * i - 1] = d.x.doubleValue }
                        if j > 0 { row[2 * j - 2] = d.y.doubleValue; row[2 * j - 1] = -d.x.doubleValue }
                        rows.append(row)
                    }
                }
            }
        }
        return rank(rows, columns: 2 * n - 2) == 2 * n - 2
    }

    /// Point `w` on the segment a–b (ends included), exactly.
    static func onSegment(_ w: Point, _ a: Point, _ b: Point) -> Bool {
        let d = b - a
        guard d.cross(w - a) == .zero else { return false }
        let u = d.dot(w - a)
        return u.signum >= 0 && u <= d.dot(d)
    }

    /// The rank of a small matrix, by elimination with the largest pivot.
    static func rank(_ rows: [[Double]], columns: Int) -> Int {
        var m = rows
        var rank = 0
        for c in 0..<columns {
            guard let p = (rank..<m.count).max(by: { abs(m[$0][c]) < abs(m[$1][c]) }), abs(m[p][c]) > 1e-9 else { continue }
            m.swapAt(rank, p)
            for r in 0..<m.count where r != rank && m[r][c] != 0 {
                let f = m[r][c] / m[rank][c]
                for k in 0..<columns { m[r][k] -= f * m[rank][k] }
            }
            rank += 1
        }
        return rank
    }

    /// The figure's exact bounding box.
    public static func bounds(_ poses: [Pose]) -> (minX: Exact, minY: Exact, maxX: Exact, maxY: Exact) {
        let vertices = poses.flatMap(\.vertices)
        return (vertices.map(\.x).min()!, vertices.map(\.y).min()!, vertices.map(\.x).max()!, vertices.map(\.y).max()!)
    }

    /// Pairs of pieces (by index) that are closer than ``clearance`` without touching and without
    /// pieces filling the space between them. Empty for a figure whose contacts are unambiguous.
    public static func ambiguousGaps(_ poses: [Pose], holes: [Polygon] = []) -> [(Int, Int, Double)] {
        let polygons = poses.map(\.polygon)
        let rings = polygons.map(points)
        var found: [(Int, Int, Double)] = []
        for i in polygons.indices {
            for j in polygons.indices where j > i && !polygons[i].touchesOrOverlaps(polygons[j]) {
                let gap = distance(rings[i], rings[j])
                if gap < clearance && !gapIsFilled(rings[i], rings[j], pieces: rings) { found.append((i, j, gap)) }
            }
        }
        return found
    }

    // MARK: Approximate measures

    typealias Ring = [SIMD2<Double>]

    static func points(_ polygon: Polygon) -> Ring { polygon.vertices.map { SIMD2($0.doubleX, $0.doubleY) } }

    static func length(_ v: SIMD2<Double>) -> Double { (v * v).sum().squareRoot() }

    /// The point of a ring's outline nearest to `p` (GridEditGeometry's, on SIMD points).
    static func nearest(to p: SIMD2<Double>, on ring: [SIMD2<Double>]) -> SIMD2<Double> {
        let q = Polygon.nearestBoundaryPoint(ring.map { ($0.x, $0.y) }, to: p.x, p.y)
        return SIMD2(q.x, q.y)
    }

    /// The distance between two disjoint convex polygons: the least vertex-to-outline distance.
    static func distance(_ a: Ring, _ b: Ring) -> Double {
        let ab = a.map { length($0 - nearest(to: $0, on: b)) }.min()!
        let ba = b.map { length($0 - nearest(to: $0, on: a)) }.min()!
        return min(ab, ba)
    }

    /// The distance between two placed pieces (0 when they touch or overlap).
    public static func distance(_ a: Pose, _ b: Pose) -> Double {
        a.polygon.touchesOrOverlaps(b.polygon) ? 0 : distance(points(a.polygon), points(b.polygon))
    }

    /// How deep two overlapping convex pieces go into each other: the least overlap of their
    /// extents across any edge normal (separating-axis theorem), 0 when they do not overlap.
    public static func overlapDepth(_ a: Pose, _ b: Pose) -> Double {
        guard a.polygon.interiorsOverlap(b.polygon) else { return 0 }
        let ra = points(a.polygon), rb = points(b.polygon)
        var depth = Double.infinity
        for ring in [ra, rb] {
            for i in ring.indices {
                let e = ring[(i + 1) % ring.count] - ring[i]
                let n = SIMD2(-e.y, e.x) / length(e)
                let pa = ra.map { ($0 * n).sum() }, pb = rb.map { ($0 * n).sum() }
                depth = min(depth, min(pa.max()!, pb.max()!) - max(pa.min()!, pb.min()!))
            }
        }
        return max(0, depth)
    }

    /// Whether pieces cover everything between `a` and `b` where the two are closer than
    /// ``clearance``: from points every 0.05 along each outline to the nearest point of the other,
    /// every point between lies in some piece (approximately).
    static func gapIsFilled(_ a: Ring, _ b: Ring, pieces: [Ring]) -> Bool {
        func covered(_ p: SIMD2<Double>) -> Bool {
            pieces.contains { ring in
                ring.indices.allSatisfy { k in
                    let s = ring[k], e = ring[(k + 1) % ring.count]
                    return (e.x - s.x) * (p.y - s.y) - (e.y - s.y) * (p.x - s.x) >= -1e-9
                }
            }
        }
        for (from, to) in [(a, b), (b, a)] {
            for k in from.indices {
                let start = from[k], end = from[(k + 1) % from.count]
                let steps = max(1, Int((length(end - start) / 0.05).rounded(.up)))
                for step in 0...steps {
                    let p = start + (end - start) * (Double(step) / Double(steps))
                    let q = nearest(to: p, on: to)
                    guard length(q - p) < clearance else { continue }
                    for t in stride(from: 0.1, through: 0.9, by: 0.1) where !covered(p + (q - p) * t) { return false }
                }
            }
        }
        return true
    }
}
