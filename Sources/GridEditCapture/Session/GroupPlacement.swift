#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GridEditCore
import GridEditLayout

/// How clearly the 0.25 grid decides where each group of touching pieces lies, measured on the
/// whole group.
///
/// Settling anchors touching pieces to each other and puts the group on the grid by one of its
/// vertices. For a group of 45° pieces the placements that put *some* vertex on a grid point lie
/// a few hundredths of a unit apart, and a per-piece measure cannot tell which one the camera
/// saw: each piece moved only a little. The group's pieces together can: the mean of their
/// fitted middles minus their settled middles, less the same mean over the rest of the layout
/// (the camera's error is much the same across the mat), is how far the group lies from its
/// settled place against the rest; every other placement on the grid is another shift. A group
/// whose next placement is about as near as the chosen one (or nearer) is not sure of its place:
/// margin (units) = distance to the next placement − distance to the chosen one, negative when the
/// other is nearer. A layout that is one group needs none of this: its place on the grid moves
/// the whole figure, which leaves the puzzle as it is.
enum GroupPlacement {
    /// The margin of every piece in a group of two or more pieces, when the layout has more than
    /// one group (pieces not listed are judged by themselves, `CameraLayout.gridClarity`); and
    /// whether the layout is one body (every piece anchored to the others), whose place on the
    /// grid only moves the whole figure.
    static func judge(sightings: [ApproximatePose], poses: [Pose], reports: [LayoutSnapper.PieceReport])
        -> (margins: [TangramPiece: Double], oneBody: Bool, loose: Set<TangramPiece>) {
        let pieces = poses.map(\.piece)
        var parent = Dictionary(uniqueKeysWithValues: pieces.map { ($0, $0) })
        func root(_ p: TangramPiece) -> TangramPiece {
            var p = p
            while let q = parent[p], q != p { p = q }
            return p
        }
        for report in reports {
            let other: TangramPiece
            switch report.method {
            case .corner(let o), .edge(let o): other = o
            case .grid: continue
            }
            guard parent[report.piece] != nil, parent[other] != nil else { continue }
            parent[root(report.piece)] = root(other)
        }
        let groups = Dictionary(grouping: pieces, by: root)
        guard groups.count > 1 else { return ([:], true, []) }
        let seen = Dictionary(sightings.map { ($0.piece, $0) }, uniquingKeysWith: { a, _ in a })
        let exact = Dictionary(poses.map { ($0.piece, $0) }, uniquingKeysWith: { a, _ in a })
        // Each piece's offset: its fitted middle minus its settled middle.
        var offset: [TangramPiece: (Double, Double)] = [:]
        for piece in pieces {
            guard let s = seen[piece], let e = exact[piece] else { return ([:], false, []) }
            let f = middle(of: fittedVertices(s)), m = middle(of: e.vertices.map { ($0.doubleX, $0.doubleY) })
            offset[piece] = (f.0 - m.0, f.1 - m.1)
        }
        func mean(_ group: [TangramPiece]) -> (Double, Double) {
            let n = Double(group.count)
            return (group.map { offset[$0]!.0 }.reduce(0, +) / n, group.map { offset[$0]!.1 }.reduce(0, +) / n)
        }
        var result: [TangramPiece: Double] = [:]
        for group in groups.values {
            // The group's offset against the rest of the layout: the camera's error, much the
            // same across the mat, cancels; only how the groups lie to each other counts.
            let own = mean(group), rest = mean(pieces.filter { !group.contains($0) })
            let dx = own.0 - rest.0, dy = own.1 - rest.1
            // Every shift that puts one of the group's vertices on a grid point, near the group.
            var shifts: [(Double, Double)] = []
            for piece in group {
                for v in exact[piece]!.vertices {
                    let x = v.doubleX, y = v.doubleY
                    for gx in -1...1 { for gy in -1...1 {
                        let sx = ((x * 4).rounded() + Double(gx)) / 4 - x, sy = ((y * 4).rounded() + Double(gy)) / 4 - y
                        guard hypot(sx, sy) < 0.45 else { continue }
                        if !shifts.contains(where: { hypot($0.0 - sx, $0.1 - sy) < 0.005 }) { shifts.append((sx, sy)) }
                    } }
                }
            }
            let chosen = hypot(dx, dy)
            let next = shifts.filter { hypot($0.0, $0.1) >= 0.005 }.map { hypot(dx - $0.0, dy - $0.1) }.min() ?? .infinity
            for piece in group { result[piece] = next - chosen }
        }
        return (result, false, Set(groups.values.filter { $0.count == 1 }.map { $0[0] }))
    }

    static func fittedVertices(_ seen: ApproximatePose) -> [(Double, Double)] {
        let a = seen.degrees * .pi / 180
        return seen.piece.shape.localVertices.map { v -> (Double, Double) in
            let x = (seen.flipped ? -1 : 1) * v.doubleX, y = v.doubleY
            return (seen.x + cos(a) * x - sin(a) * y, seen.y + sin(a) * x + cos(a) * y)
        }
    }

    static func middle(of points: [(Double, Double)]) -> (Double, Double) {
        let n = Double(points.count)
        return (points.map(\.0).reduce(0, +) / n, points.map(\.1).reduce(0, +) / n)
    }
}
