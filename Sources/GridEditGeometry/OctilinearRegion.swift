/// A region of the plane bounded by edges in the eight directions (horizontal, vertical,
/// diagonal): one or more polygons, with holes, possibly touching at single points. Tangram
/// silhouettes, unions of pieces, and what is left of a silhouette while pieces are placed are
/// all such regions.
///
/// The region is kept as its *boundary*: a set of directed edges with the region on their left.
/// In the canonical form (``canonicalEdges``) each edge is as long as possible on its line, except
/// that it is split where the region touches itself (at a vertex of another edge lying inside it,
/// or where edges of pieces meeting corner to corner cross), so that every corner is a single
/// wedge. That form is unique: two regions are equal exactly when their canonical edges are,
/// whatever rings, starting vertices or collinear points produced them.
///
/// Union and difference work on that boundary one line at a time: on a line the boundary is a
/// signed count of how often each stretch is traversed (+1 in the line's forward direction, −1
/// backward); adding a shape adds its edges, removing one subtracts them, and what is left is
/// read off as maximal stretches. No intersection point is ever computed from two boundaries
/// that cross, so no new kind of number appears: every vertex of a result is a vertex of an
/// input. This is enough because the operations are only used where boundaries cannot cross:
/// pieces that do not overlap, and a convex piece removed from a region that contains it
/// (``subtracting(_:)``); when building from rings, crossings are detected and refused (see
/// ``init(rings:)``). (Where boundaries touch at a common vertex and pass straight through it,
/// that vertex is found as the meeting point of two lines, which is again an input vertex.)
///
/// All arithmetic is exact in ℤ[√2]; coordinates are `Exact`, (a + b√2)/4.
public struct OctilinearRegion: Sendable {
    /// A boundary edge, with the region on its left.
    public struct Edge: Sendable, Hashable, CustomStringConvertible {
        public let start: Point
        public let end: Point
        /// 0..<8, see ``Octilinear``.
        public let direction: Int
        /// The line class, `direction % 4`.
        public let line: Int
        /// The line's offset: y, y − x, x or x + y (numerator over 4) of its points.
        public let offset: ZSqrt2
        /// The edge's extent along its line (numerators over 4), `lower < upper`.
        public let lower: ZSqrt2
        public let upper: ZSqrt2
        /// Exact extents on the four normals, for overlap tests.
        public let bounds: OctilinearBounds

        /// An edge on line (`line`, `offset`) from `lower` to `upper`, run forwards (directions
        /// 0…3) or backwards (4…7).
        init(line: Int, offset: ZSqrt2, lower: ZSqrt2, upper: ZSqrt2, forward: Bool) {
            self.line = line
            self.offset = offset
            self.lower = lower
            self.upper = upper
            direction = forward ? line : line + 4
            let a = OctilinearLine.point(line, offset: offset, at: lower)
            let b = OctilinearLine.point(line, offset: offset, at: upper)
            (start, end) = forward ? (a, b) : (b, a)
            var bounds = OctilinearBounds(a)
            bounds.include(b)
            self.bounds = bounds
        }

        /// The edge from `start` to `end`; nil unless they differ and the edge is octilinear.
        public init?(from start: Point, to end: Point) {
            guard let (d, _) = Octilinear.direction(of: end - start) else { return nil }
            let k = d & 3
            let n = OctilinearLine.normal(k, start.x.numerator, start.y.numerator)
            let s = OctilinearLine.along(k, start.x.numerator, start.y.numerator)
            let e = OctilinearLine.along(k, end.x.numerator, end.y.numerator)
            self.init(line: k, offset: n, lower: d < 4 ? s : e, upper: d < 4 ? e : s, forward: d < 4)
        }

        /// Number of steps in ``direction`` (see ``Octilinear``).
        public var steps: Exact { Exact(numerator: upper - lower) }

        /// Euclidean length.
        public var length: Exact { Octilinear.length(steps: steps, direction: direction) }

        public static func == (a: Edge, b: Edge) -> Bool { a.start == b.start && a.end == b.end }
        public func hash(into hasher: inout Hasher) {
            hasher.combine(start)
            hasher.combine(end)
        }

        public var description: String { "\(start)→\(end)" }

        /// Twice the signed area this edge contributes (shoelace), over 16.
        var shoelace: ZSqrt2 { (start - .origin).cross(end - .origin) }
    }

    /// The boundary, in no particular order (see ``sortedEdges`` for a canonical one).
    public let edges: [Edge]

    /// Twice the signed area, as a numerator over 16 (like `Polygon.twiceSignedArea`).
    public let twiceSignedArea: ZSqrt2

    /// Whether `edges` is in the canonical form (see ``canonicalEdges``).
    let isCanonical: Bool

    /// Trusted: `edges` must be a valid boundary, split at junctions.
    init(trustedEdges edges: [Edge], twiceSignedArea: ZSqrt2, canonical: Bool) {
        self.edges = edges
        self.twiceSignedArea = twiceSignedArea
        self.isCanonical = canonical
    }

    init(trustedEdges edges: [Edge], canonical: Bool) {
        self.init(trustedEdges: edges, twiceSignedArea: edges.reduce(.zero) { $0 + $1.shoelace }, canonical: canonical)
    }

    /// The empty region.
    public static let empty = OctilinearRegion(trustedEdges: [], twiceSignedArea: .zero, canonical: true)

    public var isEmpty: Bool { edges.isEmpty }

    public var area: Area { Area(numerator: twiceSignedArea) }

    /// Every vertex, once.
    public var vertices: Set<Point> { Set(edges.map(\.start)) }
}

// MARK: - Boundaries one line at a time

extension OctilinearRegion {
    /// A stretch of a line traversed forwards (+1) or backwards (−1).
    struct Stretch {
        var lower: ZSqrt2
        var upper: ZSqrt2
        var sign: Int
    }

    /// Adds up the stretches of one line and appends the maximal edges of the sum to `edges`.
    /// Returns false when some stretch is traversed twice the same way (the shapes overlap).
    static func appendSum(of stretches: [Stretch], line k: Int, offset n: ZSqrt2, to edges: inout [Edge]) -> Bool {
        if stretches.count == 1 {
            let s = stretches[0]
            edges.append(Edge(line: k, offset: n, lower: s.lower, upper: s.upper, forward: s.sign > 0))
            return true
        }
        // Events: the count changes by +sign at `lower` and −sign at `upper`.
        var events: [(t: ZSqrt2, delta: Int)] = []
        events.reserveCapacity(stretches.count * 2)
        for s in stretches {
            events.append((s.lower, s.sign))
            events.append((s.upper, -s.sign))
        }
        events.sort { $0.t < $1.t }
        var count = 0
        var openedAt = ZSqrt2.zero
        var i = 0
        while i < events.count {
            let t = events[i].t
            var next = count
            while i < events.count && events[i].t == t {
                next += events[i].delta
                i += 1
            }
            guard next != count else { continue }
            guard abs(next) <= 1 else { return false }
            if count != 0 {
                edges.append(Edge(line: k, offset: n, lower: openedAt, upper: t, forward: count > 0))
            }
            count = next
            openedAt = t
        }
        return true
    }

    /// The canonical boundary of the sum of these directed segments: on each line the maximal
    /// edges of the sum, each split where an edge of another line ends inside it (where the
    /// region touches itself, so that every corner is one wedge). Nil when some stretch is
    /// covered twice in the same direction; `offending` names an edge off the eight directions.
    static func canonicalEdges(summing segments: [(start: Point, end: Point)]) -> (edges: [Edge]?, offending: (Point, Point)?) {
        struct LineKey: Hashable {
            var line: Int
            var offset: ZSqrt2
        }
        var lines: [LineKey: [Stretch]] = [:]
        var order: [LineKey] = []
        for (a, b) in segments {
            guard let (d, _) = Octilinear.direction(of: b - a) else { return (nil, (a, b)) }
            let k = d & 3
            let key = LineKey(line: k, offset: OctilinearLine.normal(k, a.x.numerator, a.y.numerator))
            let s = OctilinearLine.along(k, a.x.numerator, a.y.numerator)
            let e = OctilinearLine.along(k, b.x.numerator, b.y.numerator)
            if lines[key] == nil { order.append(key) }
            lines[key, default: []].append(Stretch(lower: d < 4 ? s : e, upper: d < 4 ? e : s, sign: d < 4 ? 1 : -1))
        }
        var edges: [Edge] = []
        for key in order where !appendSum(of: lines[key]!, line: key.line, offset: key.offset, to: &edges) {
            return (nil, nil)
        }
        // Where the region touches itself, edges are split: at every vertex inside them, and
        // where edges of three or more pieces meeting corner to corner pass straight through a
        // common point, crossing each other there.
        var cuts = edges.map { _ in [Point]() }
        for i in edges.indices {
            for j in edges.indices where j > i && edges[i].line != edges[j].line {
                guard let p = meetingPoint(edges[i], edges[j]) else {
                    // Diagonals that cross between lattice points can only overlap.
                    if edges[i].crossesInside(edges[j]) { return (nil, nil) }
                    continue
                }
                if edges[i].hasInside(p) && edges[j].hasInside(p) {
                    cuts[i].append(p)
                    cuts[j].append(p)
                }
            }
        }
        let starts = edges.map(\.start)
        var split: [Edge] = []
        split.reserveCapacity(edges.count)
        for (i, edge) in edges.enumerated() { edge.append(splitAt: starts + cuts[i], to: &split) }
        return (split, nil)
    }

    /// Where the lines of two edges of different classes meet, when that point is a coordinate
    /// (the two diagonals can meet halfway between coordinates; then nil).
    static func meetingPoint(_ e: Edge, _ f: Edge) -> Point? {
        let (a, b) = e.line < f.line ? (e, f) : (f, e)
        let (m, n) = (a.offset, b.offset)
        func point(_ x: ZSqrt2, _ y: ZSqrt2) -> Point { Point(Exact(numerator: x), Exact(numerator: y)) }
        switch (a.line, b.line) {
        case (0, 1): return point(m - n, m)  // y = m, y − x = n
        case (0, 2): return point(n, m)  // y = m, x = n
        case (0, 3): return point(n - m, m)  // y = m, x + y = n
        case (1, 2): return point(n, m + n)  // y − x = m, x = n
        case (2, 3): return point(m, n - m)  // x = m, x + y = n
        default:  // y − x = m, x + y = n: x = (n − m)/2, y = (n + m)/2
            let (x, y) = (n - m, n + m)
            guard x.a % 2 == 0, x.b % 2 == 0, y.a % 2 == 0, y.b % 2 == 0 else { return nil }
            return point(ZSqrt2(x.a / 2, x.b / 2), ZSqrt2(y.a / 2, y.b / 2))
        }
    }
}

extension OctilinearRegion.Edge {
    /// Whether `p` lies on the edge's line strictly between its ends.
    @inline(__always)
    func hasInside(_ p: Point) -> Bool {
        let (x, y) = (p.x.numerator, p.y.numerator)
        guard OctilinearLine.normal(line, x, y) == offset else { return false }
        let t = OctilinearLine.along(line, x, y)
        return lower < t && t < upper
    }

    /// Whether the two edges cross, each passing through the other's interior.
    func crossesInside(_ other: OctilinearRegion.Edge) -> Bool {
        let (a, b, c, d) = (start, end, other.start, other.end)
        return orientation(c, d, a) * orientation(c, d, b) < 0 && orientation(a, b, c) * orientation(a, b, d) < 0
    }

    /// Appends the edge, cut into pieces at those of `points` that lie inside it.
    func append(splitAt points: [Point], to result: inout [OctilinearRegion.Edge]) {
        var cuts: [ZSqrt2] = []
        for p in points where hasInside(p) {
            cuts.append(OctilinearLine.along(line, p.x.numerator, p.y.numerator))
        }
        guard !cuts.isEmpty else {
            result.append(self)
            return
        }
        cuts.sort()
        var from = lower
        for t in cuts where t != from {
            result.append(OctilinearRegion.Edge(line: line, offset: offset, lower: from, upper: t, forward: direction < 4))
            from = t
        }
        result.append(OctilinearRegion.Edge(line: line, offset: offset, lower: from, upper: upper, forward: direction < 4))
    }
}

// MARK: - Removing a piece

extension OctilinearRegion {
    /// The region without a convex piece that lies inside it.
    ///
    /// - Precondition: `piece` is convex, counter-clockwise, octilinear, and contained in the
    ///   region (edges and corners may touch the boundary). The tangram solver establishes this
    ///   with ``OctilinearBounds/interiorsMeet(_:)`` before it calls this; the result is
    ///   meaningless otherwise.
    ///
    /// Only the boundary on the piece's own lines changes: there the region's edges and the
    /// piece's reversed edges are added up; every other edge is kept as it is.
    public func subtracting(_ piece: [Point]) -> OctilinearRegion {
        // The piece's edges: line, offset, and the stretch that removes the edge (reversed).
        var pieceLines: [(line: Int, offset: ZSqrt2, stretch: Stretch)] = []
        pieceLines.reserveCapacity(piece.count)
        var pieceArea = ZSqrt2.zero
        for i in piece.indices {
            let a = piece[i], b = piece[i + 1 == piece.count ? 0 : i + 1]
            pieceArea += (a - .origin).cross(b - .origin)
            let (d, _) = Octilinear.direction(of: b - a)!
            let k = d & 3
            let s = OctilinearLine.along(k, a.x.numerator, a.y.numerator)
            let e = OctilinearLine.along(k, b.x.numerator, b.y.numerator)
            pieceLines.append((k, OctilinearLine.normal(k, a.x.numerator, a.y.numerator),
                               Stretch(lower: d < 4 ? s : e, upper: d < 4 ? e : s, sign: d < 4 ? -1 : 1)))
        }
        // Edges on the piece's lines are summed with it; the others are kept. The kept edges
        // were split at every vertex before, so only the piece's corners can now lie inside
        // them (where the region newly touches itself); the new edges may hold any vertex.
        // (Splits no longer needed stay; they are straight corners, harmless to the search, and
        // equality re-normalises.)
        var result: [Edge] = []
        result.reserveCapacity(edges.count + 2 * piece.count)
        var onPieceLines: [Edge] = []
        onPieceLines.reserveCapacity(2 * piece.count)
        for edge in edges {
            if pieceLines.contains(where: { $0.line == edge.line && $0.offset == edge.offset }) {
                onPieceLines.append(edge)
            } else {
                edge.append(splitAt: piece, to: &result)
            }
        }
        var added: [Edge] = []
        added.reserveCapacity(2 * piece.count)
        var stretches: [Stretch] = []
        stretches.reserveCapacity(4)
        for line in pieceLines {
            stretches.removeAll(keepingCapacity: true)
            stretches.append(line.stretch)
            for edge in onPieceLines where edge.line == line.line && edge.offset == line.offset {
                stretches.append(Stretch(lower: edge.lower, upper: edge.upper, sign: edge.direction < 4 ? 1 : -1))
            }
            let ok = Self.appendSum(of: stretches, line: line.line, offset: line.offset, to: &added)
            precondition(ok, "subtracting a piece that is not inside the region")
        }
        var vertices: [Point] = []
        vertices.reserveCapacity(result.count + added.count)
        for edge in result { vertices.append(edge.start) }
        for edge in added { vertices.append(edge.start) }
        for edge in added { edge.append(splitAt: vertices, to: &result) }
        return OctilinearRegion(trustedEdges: result, twiceSignedArea: twiceSignedArea - pieceArea, canonical: false)
    }
}

// MARK: - Canonical order, equality

extension OctilinearRegion: Hashable {
    /// The boundary in its one canonical form: on each line the maximal edges, each split
    /// where an edge of another line ends inside it. Regions built from rings or pieces are in
    /// this form already; the results of ``subtracting(_:)`` may carry extra straight splits.
    public var canonicalEdges: [Edge] {
        isCanonical ? edges : Self.canonicalEdges(summing: edges.map { ($0.start, $0.end) }).edges!
    }

    /// The canonical edges in a fixed order (by start point, lowest first, then direction): the
    /// same array for equal regions.
    public var sortedEdges: [Edge] { canonicalEdges.sorted(by: Self.edgeOrder) }

    static func edgeOrder(_ a: Edge, _ b: Edge) -> Bool {
        if a.start.y != b.start.y { return a.start.y < b.start.y }
        if a.start.x != b.start.x { return a.start.x < b.start.x }
        return a.direction < b.direction
    }

    /// Same point set: the same canonical boundary.
    public static func == (a: OctilinearRegion, b: OctilinearRegion) -> Bool {
        a.twiceSignedArea == b.twiceSignedArea && a.sortedEdges == b.sortedEdges
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(sortedEdges)
    }

    public func translated(by v: Vector) -> OctilinearRegion {
        OctilinearRegion(trustedEdges: edges.map { Edge(from: $0.start + v, to: $0.end + v)! },
                         twiceSignedArea: twiceSignedArea, canonical: isCanonical)
    }
}
