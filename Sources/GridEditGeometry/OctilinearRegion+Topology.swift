// How the edges of a region join up into rings, and the angle of the region at each corner.

extension OctilinearRegion {
    /// The corners of a region: which edge follows which, and the interior angle between them.
    ///
    /// At most vertices one edge arrives and one leaves. Where the region touches itself at a
    /// point (two figures corner to corner, a triangle's tip on a long edge), several arrive and
    /// leave; each leaving edge is then paired with the arriving edge that bounds the same wedge
    /// of the region: going counter-clockwise round the vertex from the leaving edge, the first
    /// arriving edge met (seen from the vertex). The wedges of such a vertex are separate, so a
    /// corner is always one wedge and its angle is below 360°.
    ///
    /// Edges are split wherever the region touches itself, so every such point is a vertex of
    /// the edges through it; an edge that goes on straight there pairs with its own continuation
    /// (a straight corner, angle 180°) unless another wedge lies between them.
    public struct Topology: Sendable {
        /// For each edge: the edge that follows it at its end.
        public let next: [Int]
        /// For each edge: the edge that precedes it at its start.
        public let previous: [Int]
        /// For each edge: the region's interior angle at its start, in 45° steps, 1…7: below 4 a
        /// convex corner, above 4 a reflex one, 4 a straight vertex where an edge is split
        /// because the region touches itself there.
        public let angle: [Int]
        /// For each edge: which ring it belongs to.
        public let ring: [Int]
        /// For each ring: twice its signed area (over 16): positive for outer rings
        /// (counter-clockwise), negative for holes.
        public let ringTwiceArea: [ZSqrt2]
    }

    /// Nil when the edges do not pair up into wedges, which only happens for boundaries that are
    /// not those of a region (crossing or overlapping rings).
    public func topology() -> Topology? {
        let n = edges.count
        var next = [Int](repeating: -1, count: n)
        var previous = [Int](repeating: -1, count: n)
        var angle = [Int](repeating: 0, count: n)
        for i in 0..<n {
            let out = edges[i]
            var best = -1
            var bestTurn = 8
            for j in 0..<n where edges[j].end == out.start {
                // The arriving edge seen from the vertex points the opposite way.
                let turn = Octilinear.turn(from: out.direction, to: edges[j].direction + 4)
                if turn != 0 && turn < bestTurn {
                    best = j
                    bestTurn = turn
                }
            }
            guard best >= 0, next[best] < 0 else { return nil }
            next[best] = i
            previous[i] = best
            angle[i] = bestTurn
        }
        var ring = [Int](repeating: -1, count: n)
        var ringTwiceArea: [ZSqrt2] = []
        for i in 0..<n where ring[i] < 0 {
            var area = ZSqrt2.zero
            var j = i
            repeat {
                ring[j] = ringTwiceArea.count
                area += edges[j].shoelace
                j = next[j]
            } while j != i
            ringTwiceArea.append(area)
        }
        return Topology(next: next, previous: previous, angle: angle, ring: ring, ringTwiceArea: ringTwiceArea)
    }

    /// The boundary as rings of vertices (outer rings counter-clockwise, holes clockwise),
    /// each starting at its lowest, then leftmost vertex, lowest rings first; straight
    /// vertices (where an edge was split because the region touches itself there) are left out.
    public var rings: [Polygon] {
        let region = isCanonical ? self : OctilinearRegion(trustedEdges: canonicalEdges, twiceSignedArea: twiceSignedArea, canonical: true)
        guard let topology = region.topology() else { return [] }
        var seen = [Bool](repeating: false, count: region.edges.count)
        var result: [Polygon] = []
        for i in region.sortedEdgeIndices where !seen[i] && topology.angle[i] != 4 {
            var ring: [Point] = []
            var j = i
            repeat {
                seen[j] = true
                if topology.angle[j] != 4 { ring.append(region.edges[j].start) }
                j = topology.next[j]
            } while j != i
            result.append(Polygon(unchecked: ring))
        }
        return result
    }

    private var sortedEdgeIndices: [Int] {
        edges.indices.sorted { Self.edgeOrder(edges[$0], edges[$1]) }
    }
}

// MARK: - Containment

extension OctilinearRegion {
    /// Whether a convex shape with octilinear edges (a placed piece) lies in the region; touching
    /// the boundary is fine.
    ///
    /// If no boundary edge enters the shape's interior, the interior is all inside or all
    /// outside, so one interior point decides: the centroid of three of its vertices, tested in
    /// coordinates multiplied by 3 so that it stays exact.
    public func contains(convex shape: Polygon) -> Bool { relation(toConvex: shape) == .inside }

    /// Where a convex shape with octilinear edges lies against the region.
    public enum ConvexRelation: Sendable {
        /// In the region (touching the boundary is fine).
        case inside
        /// Off it: its interior meets none of the region's.
        case outside
        /// Partly in, partly out: a boundary edge enters its interior.
        case crossing
    }

    /// Whether a convex shape lies in the region, off it, or across its boundary (see
    /// ``contains(convex:)`` for how it is decided, exactly).
    public func relation(toConvex shape: Polygon) -> ConvexRelation {
        let bounds = OctilinearBounds(shape.vertices)
        if edges.contains(where: { $0.bounds.interiorsMeet(bounds) }) { return .crossing }
        let v = shape.vertices
        let centroidTimes3 = Point(v[0].x + v[1].x + v[2].x, v[0].y + v[1].y + v[2].y)
        var winding = 0
        for ring in rings {
            let scaled = Polygon(unchecked: ring.vertices.map { Point($0.x.times(3), $0.y.times(3)) })
            if scaled.contains(centroidTimes3) == .inside { winding += ring.isCounterClockwise ? 1 : -1 }
        }
        return winding == 1 ? .inside : .outside
    }
}
