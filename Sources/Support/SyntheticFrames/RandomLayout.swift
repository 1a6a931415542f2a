import Foundation
import GridEditCore
import GridEditGeometry
import GridEditLayout

/// Random arrangements of the seven pieces that a correct capture can recover exactly: inside
/// the play area with a 0.25 margin, no overlaps, rotations in 45° steps, and every two pieces
/// either touching exactly or with at least `minimumGap` of paper between them (a capture cannot
/// tell "almost touching" from "touching" at camera resolution, and neither can a child). Two
/// pieces may be closer only where other pieces fill the space between them, as inside a
/// figure, where a small triangle (√2/2 wide) often separates two others.
public enum RandomLayout {
    public enum Family: String, Sendable, CaseIterable {
        /// A shipped starter figure, turned by a multiple of 90° and moved on the 0.25 grid.
        case figure
        /// Loose pieces, vertex 0 on the 0.25 grid, any 45° turn, far apart.
        case loose
        /// One or two small clusters of pieces joined edge to edge, the rest loose.
        case clusters
    }

    public static let minimumGap = 0.75
    public static let margin = Exact(quarters: 1)

    /// The family a seed picks: the three in turn, so every run of consecutive seeds has each.
    public static func family(seed: UInt64) -> Family { Family.allCases[Int(seed % 3)] }

    /// Seven exact poses, one per piece, in `TangramPiece` order; the same for the same seed.
    public static func poses(seed: UInt64) -> [Pose] {
        var rng = SplitMix64.stream(seed, 1)
        let family = family(seed: seed)
        // Each family succeeds within a few tries; a failed try draws fresh numbers.
        for _ in 0..<1000 {
            let poses: [Pose]?
            switch family {
            case .figure: poses = figure(&rng)
            case .loose: poses = scattered(&rng, clusters: [])
            case .clusters:
                let first = rng.int(in: 2...4)
                let sizes = rng.chance(0.5) ? [first, rng.int(in: 2...min(3, 7 - first))] : [first]
                poses = scattered(&rng, clusters: sizes)
            }
            if let poses, isSettled(poses) { return poses.sorted { $0.piece < $1.piece } }
        }
        preconditionFailure("no layout for seed \(seed)")
    }

    /// Whether the layout engine's snapping of a whole layout (``LayoutSnapper``, which capture uses)
    /// leaves these exact poses where they are. Positions in ℤ[√2] are dense: the same figure
    /// moved by 0.0074 may also have a corner on a grid point, and no camera can tell the two
    /// apart. Capture puts a figure where the editor's snapping puts it, so the ground truth of a
    /// frame must be such a place; every other rule stays as it is.
    public static func isSettled(_ poses: [Pose]) -> Bool {
        let observations = poses.map {
            ApproximatePose(piece: $0.piece, x: $0.position.doubleX, y: $0.position.doubleY,
                            degrees: Double($0.rotation.degrees), flipped: $0.flipped)
        }
        guard let snapped = try? LayoutSnapper().snap(observations) else { return false }
        return Set(snapped.poses.map(\.footprint)) == Set(poses.map(\.footprint))
    }

    /// Everything that breaks the rules above, in words (empty for a good layout).
    public static func problems(_ poses: [Pose]) -> [String] {
        var problems: [String] = []
        if poses.map(\.piece).sorted() != TangramPiece.allCases { problems.append("not one pose per piece") }
        for pose in poses where !inBounds(pose) { problems.append("\(pose.piece.rawValue) is not inside the play area with a 0.25 margin") }
        let polygons = poses.map(\.polygon)
        for (i, a) in poses.enumerated() {
            for (j, b) in poses.enumerated() where j > i {
                switch relation(polygons[i], polygons[j]) {
                case .overlapping: problems.append("\(a.piece.rawValue) overlaps \(b.piece.rawValue)")
                case .apart(let gap) where gap < minimumGap - 1e-9 && !gapIsFilled(polygons[i], polygons[j], pieces: polygons):
                    problems.append("\(a.piece.rawValue) and \(b.piece.rawValue) are \(gap) apart with paper between: touch exactly or keep \(minimumGap)")
                default: break
                }
            }
        }
        return problems
    }

    /// Whether pieces cover everything between `a` and `b` where the two are closer than
    /// `minimumGap`: from points every 0.05 along each one's outline to the nearest point of the
    /// other, every point between lies in a piece (approximately; for the rule only).
    static func gapIsFilled(_ a: Polygon, _ b: Polygon, pieces: [Polygon]) -> Bool {
        let rings = pieces.map(points)
        func covered(_ p: SIMD2<Double>) -> Bool {
            rings.contains { ring in
                ring.indices.allSatisfy { k in
                    let s = ring[k], e = ring[(k + 1) % ring.count]
                    return (e.x - s.x) * (p.y - s.y) - (e.y - s.y) * (p.x - s.x) >= -1e-9
                }
            }
        }
        for (from, to) in [(points(a), points(b)), (points(b), points(a))] {
            for k in from.indices {
                let start = from[k], end = from[(k + 1) % from.count]
                let steps = max(1, Int((((end - start) * (end - start)).sum().squareRoot() / 0.05).rounded(.up)))
                for step in 0...steps {
                    let p = start + (end - start) * (Double(step) / Double(steps))
                    let q = nearest(to: p, on: to)
                    guard ((q - p) * (q - p)).sum() < minimumGap * minimumGap else { continue }
                    for t in stride(from: 0.1, through: 0.9, by: 0.1) where !covered(p + (q - p) * t) { return false }
                }
            }
        }
        return true
    }

    // MARK: Families

    /// The starter figures whose pieces keep the rules (pieces that do not touch are far enough
    /// apart); moving a figure does not change that.
    public static let eligibleFigures: [[Pose]] = Repository.figures.filter { figure in
        var rng = SplitMix64(seed: 0)
        return moved(figure, turns: 0, by: &rng).map { problems($0).isEmpty } ?? false
    }

    /// A starter figure turned about the play area's centre and moved by quarters.
    static func figure(_ rng: inout SplitMix64) -> [Pose]? {
        guard !eligibleFigures.isEmpty else { return nil }
        let source = eligibleFigures[rng.below(eligibleFigures.count)]
        guard let poses = moved(source, turns: rng.below(4), by: &rng), problems(poses).isEmpty else { return nil }
        return poses
    }

    /// The figure turned by `turns` quarter turns about (4, 4), then moved by a random number of
    /// quarters so that it lies inside the margin; nil if it cannot.
    static func moved(_ poses: [Pose], turns: Int, by rng: inout SplitMix64) -> [Pose]? {
        let centre = Point(Exact(4), Exact(4))
        let turn = Rotation(eighths: 2 * turns)
        let turned = poses.map { pose in
            Pose(piece: pose.piece, position: pose.position.rotated(by: turn, around: centre)!,
                 rotation: pose.rotation + turn, flipped: pose.flipped)
        }
        let vertices = turned.flatMap(\.vertices)
        let low = Exact(quarters: 1), high = Exact(quarters: 31)
        func shifts(_ values: [Exact]) -> [Int] {
            let minimum = values.min()!, maximum = values.max()!
            // Quarter shifts q with low ≤ minimum + q/4 and maximum + q/4 ≤ high, decided exactly.
            let from = Int(((low - minimum).doubleValue * 4).rounded(.down)) - 1
            let to = Int(((high - maximum).doubleValue * 4).rounded(.up)) + 1
            guard from <= to else { return [] }
            return (from...to).filter { q in
                let d = Exact(quarters: q)
                return !(minimum + d < low) && !(high < maximum + d)
            }
        }
        let xs = shifts(vertices.map(\.x)), ys = shifts(vertices.map(\.y))
        guard !xs.isEmpty, !ys.isEmpty else { return nil }
        let offset = Vector(Exact(quarters: xs[rng.below(xs.count)]), Exact(quarters: ys[rng.below(ys.count)]))
        return turned.map { Pose(piece: $0.piece, position: $0.position + offset, rotation: $0.rotation, flipped: $0.flipped) }
    }

    /// Clusters of the given sizes built edge to edge, then the remaining pieces loose.
    static func scattered(_ rng: inout SplitMix64, clusters: [Int]) -> [Pose]? {
        var pieces = TangramPiece.allCases
        rng.shuffle(&pieces)
        var placed: [Pose] = []
        var next = 0
        for size in clusters {
            guard let seed = loose(pieces[next], among: placed, &rng) else { return nil }
            placed.append(seed)
            var cluster = [seed]
            next += 1
            for _ in 1..<size {
                guard let joined = attached(pieces[next], to: cluster, among: placed, &rng) else { return nil }
                placed.append(joined)
                cluster.append(joined)
                next += 1
            }
        }
        while next < pieces.count {
            guard let pose = loose(pieces[next], among: placed, &rng) else { return nil }
            placed.append(pose)
            next += 1
        }
        return placed
    }

    /// A random pose with vertex 0 on the 0.25 grid, at least `minimumGap` from every placed piece.
    static func loose(_ piece: TangramPiece, among placed: [Pose], _ rng: inout SplitMix64) -> Pose? {
        for _ in 0..<300 {
            let pose = Pose(piece: piece, position: Point(Exact(quarters: rng.int(in: 1...31)), Exact(quarters: rng.int(in: 1...31))),
                            rotation: Rotation(eighths: rng.below(8)), flipped: piece.shape.isChiral && rng.chance(0.5))
            guard inBounds(pose) else { continue }
            let polygon = pose.polygon
            let clear = placed.allSatisfy { other in
                if case .apart(let gap) = relation(polygon, other.polygon) { return gap >= minimumGap - 1e-9 }
                return false
            }
            if clear { return pose }
        }
        return nil
    }

    /// A pose of `piece` with one edge flush against an edge of a cluster piece and a vertex
    /// exactly on that edge's end, keeping the rules with every placed piece.
    static func attached(_ piece: TangramPiece, to cluster: [Pose], among placed: [Pose], _ rng: inout SplitMix64) -> Pose? {
        for _ in 0..<200 {
            let anchor = cluster[rng.below(cluster.count)]
            let edges = anchor.polygon.edges
            let (p, q) = edges[rng.below(edges.count)]
            let flipped = piece.shape.isChiral && rng.chance(0.5)
            let local = Pose(piece: piece, position: .origin, flipped: flipped).vertices
            let k = rng.below(local.count)
            let s = local[k], t = local[(k + 1) % local.count]
            // Turn the new piece so that its edge s→t runs against p→q (outside the anchor).
            let angleA = atan2((q - p).doubleY, (q - p).doubleX), angleB = atan2((t - s).doubleY, (t - s).doubleX)
            let eighths = Int(((angleA + .pi - angleB) / (.pi / 4)).rounded())
            let rotation = Rotation(eighths: ((eighths % 8) + 8) % 8)
            let turned = Pose(piece: piece, position: .origin, rotation: rotation, flipped: flipped).vertices
            let (s2, t2) = (turned[k], turned[(k + 1) % turned.count])
            // Exactly antiparallel, or this pair of edges cannot be made flush.
            guard (t2 - s2).cross(q - p) == .zero, (t2 - s2).dot(q - p).signum < 0 else { continue }
            // Either t on p (s towards q) or s on q (t towards p).
            let position = rng.chance(0.5) ? p - (t2 - .origin) : q - (s2 - .origin)
            let pose = Pose(piece: piece, position: position, rotation: rotation, flipped: flipped)
            guard inBounds(pose) else { continue }
            let polygon = pose.polygon
            guard polygon.sharesBoundarySegment(with: anchor.polygon) else { continue }
            let fine = placed.allSatisfy { other in
                switch relation(polygon, other.polygon) {
                case .overlapping: return false
                case .touching: return true
                case .apart(let gap): return gap >= minimumGap - 1e-9
                }
            }
            if fine { return pose }
        }
        return nil
    }

    // MARK: Geometry

    /// How far apart two placed pieces are, in units; nil when they touch or overlap (decided exactly).
    public static func gap(_ a: Pose, _ b: Pose) -> Double? {
        if case .apart(let gap) = relation(a.polygon, b.polygon) { return gap }
        return nil
    }

    static func inBounds(_ pose: Pose) -> Bool {
        let low = margin, high = Exact(8) - margin
        return pose.vertices.allSatisfy { !($0.x < low) && !(high < $0.x) && !($0.y < low) && !(high < $0.y) }
    }

    enum Relation: Equatable {
        case overlapping
        /// Meeting along an edge or at a corner, exactly.
        case touching
        /// The least distance between the two, in units (approximate, for the gap rule only).
        case apart(Double)
    }

    static func relation(_ a: Polygon, _ b: Polygon) -> Relation {
        // Far apart on one axis: no exact test needed.
        let (ax, ay) = (a.vertices.map(\.doubleX), a.vertices.map(\.doubleY))
        let (bx, by) = (b.vertices.map(\.doubleX), b.vertices.map(\.doubleY))
        let axisGap = max(bx.min()! - ax.max()!, ax.min()! - bx.max()!, by.min()! - ay.max()!, ay.min()! - by.max()!)
        if axisGap > minimumGap { return .apart(distance(a, b)) }
        if a.interiorsOverlap(b) { return .overlapping }
        if a.touchesOrOverlaps(b) { return .touching }
        return .apart(distance(a, b))
    }

    /// The distance between two disjoint convex polygons: the least vertex-to-edge distance.
    static func distance(_ a: Polygon, _ b: Polygon) -> Double {
        let pa = points(a), pb = points(b)
        func toEdges(_ vertices: [SIMD2<Double>], _ ring: [SIMD2<Double>]) -> Double {
            vertices.map { v in
                let w = v - nearest(to: v, on: ring)
                return (w * w).sum().squareRoot()
            }.min()!
        }
        return min(toEdges(pa, pb), toEdges(pb, pa))
    }

    static func points(_ polygon: Polygon) -> [SIMD2<Double>] { polygon.vertices.map { SIMD2($0.doubleX, $0.doubleY) } }

    /// The point of a ring's outline nearest to `p` (GridEditGeometry's, on SIMD points).
    static func nearest(to p: SIMD2<Double>, on ring: [SIMD2<Double>]) -> SIMD2<Double> {
        let q = Polygon.nearestBoundaryPoint(ring.map { ($0.x, $0.y) }, to: p.x, p.y)
        return SIMD2(q.x, q.y)
    }
}
