import GridEditCore
import GridEditGeometry

extension Settler {
    /// Where a body (a piece or a group) turned or flipped in place goes so that it keeps touching
    /// the pieces it touched before: turning about the middle of a piece's box moves its edges, and
    /// a piece at the rim of a figure would otherwise float free of it.
    ///
    /// Exact, like every settle: the candidates are the translations that put a corner of the
    /// turned body on a corner of a former neighbour (every contact between tangram pieces has a
    /// corner on a corner or a corner on an edge, and for a body turned from a touching pose a
    /// corner-on-corner one is always among the nearest). A candidate must overlap no piece. The
    /// best keeps the figure as connected as it was, touches a former neighbour along an edge,
    /// moves least, and touches the most former neighbours, in that order. A body that still
    /// touches a former neighbour, overlaps nothing and leaves the figure as connected as it was
    /// stays where it turned.
    ///
    /// - Parameters:
    ///   - before: the body's poses before the turn.
    ///   - after: the same pieces turned or flipped in place, in the same order.
    ///   - others: every other placed piece of the layer.
    /// - Returns: the body's poses moved into contact, or nil when the turn needs no help (or no
    ///   overlap-free contact lies within the body's own size, and the turn stays as it is).
    public static func keepingContact(before: [Pose], after: [Pose], others: [Pose]) -> [Pose]? {
        let bodyBefore = before.map(\.polygon)
        let otherPolygons = others.map(\.polygon)
        let neighbours = otherPolygons.indices.filter { i in bodyBefore.contains { $0.touchesOrOverlaps(otherPolygons[i]) } }
        guard !neighbours.isEmpty else { return nil }
        let wasConnected = Pose.figures(before + others).count

        func score(_ body: [Pose]) -> (valid: Bool, connected: Bool, edge: Bool, touched: Int) {
            let polygons = body.map(\.polygon)
            for other in otherPolygons where polygons.contains(where: { $0.interiorsOverlap(other) }) {
                return (false, false, false, 0)
            }
            let touched = neighbours.filter { i in polygons.contains { $0.touchesOrOverlaps(otherPolygons[i]) } }
            let edge = touched.contains { i in polygons.contains { $0.sharesBoundarySegment(with: otherPolygons[i]) } }
            return (!touched.isEmpty, Pose.figures(body + others).count <= wasConnected, edge, touched.count)
        }

        let plain = score(after)
        if plain.valid && plain.connected { return nil }

        // The body's own size bounds the search: a turn never needs a longer way back to its neighbours.
        let box = AnchorManager.union(bodyBefore.map(\.boundingBox))
        let limit = max(box.maxX.doubleValue - box.minX.doubleValue, box.maxY.doubleValue - box.minY.doubleValue)
        let corners = Set(after.flatMap(\.vertices))
        let targets = Set(neighbours.flatMap { otherPolygons[$0].vertices })
        var offsets = Set<Vector>()
        for corner in corners { for target in targets { offsets.insert(target - corner) } }

        var best: (offset: Vector, rank: (Int, Int, Double, Int))?
        for offset in offsets {
            let length = (offset.doubleX * offset.doubleX + offset.doubleY * offset.doubleY).squareRoot()
            guard length <= limit + 1e-9 else { continue }
            let moved = after.map { $0.translated(by: offset) }
            let s = score(moved)
            guard s.valid else { continue }
            // Higher is better in every place but the length; ties go to the smaller offset, by text, so the choice is fixed.
            let rank = (s.connected ? 1 : 0, s.edge ? 1 : 0, -length, s.touched)
            if let current = best {
                if rank.0 != current.rank.0 ? rank.0 < current.rank.0
                    : rank.1 != current.rank.1 ? rank.1 < current.rank.1
                    : abs(rank.2 - current.rank.2) > 1e-9 ? rank.2 < current.rank.2
                    : rank.3 != current.rank.3 ? rank.3 < current.rank.3
                    : offset.description >= current.offset.description { continue }
            }
            best = (offset, rank)
        }
        guard let best, best.offset != .zero else { return nil }
        // A plain turn that touches and overlaps nothing is kept unless the move reconnects the figure.
        if plain.valid && best.rank.0 == 0 { return nil }
        return after.map { $0.translated(by: best.offset) }
    }
}
