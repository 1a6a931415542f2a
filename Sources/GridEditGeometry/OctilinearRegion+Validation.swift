// Building a region from rings or from the union of pieces, refusing what is not one.

extension OctilinearRegion {
    /// Why some rings do not bound a region of this kind.
    public enum Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        /// An edge that is not horizontal, vertical or diagonal: no tangram piece has one.
        case notOctilinear(from: Point, to: Point)
        /// Rings (or pieces) that overlap, cross, or are nested the wrong way round; `near` is a
        /// vertex close to the trouble.
        case overlapping(near: Point)

        public var description: String {
            switch self {
            case .notOctilinear(let a, let b):
                "the edge from \(a) to \(b) is not horizontal, vertical or at 45°, and every tangram piece edge is"
            case .overlapping(let p):
                "the rings overlap, cross or are nested wrongly near \(p) (outer rings go counter-clockwise, holes clockwise and inside an outer ring)"
            }
        }
    }

    /// The region bounded by `rings`: outer rings counter-clockwise, holes clockwise, as in a
    /// tangram silhouette. Rings may touch at points and along edges (touching outer rings
    /// merge), but not overlap or cross, and every hole must lie in an outer ring.
    public init(rings: [Polygon]) throws(Error) {
        self = try Self.validated(rings.flatMap(\.edges))
    }

    /// The union of shapes that do not overlap, such as the pieces of a tangram arrangement.
    /// Throws `.overlapping` when two of them overlap.
    public init(union shapes: [Polygon]) throws(Error) {
        self = try Self.validated(shapes.flatMap { $0.isCounterClockwise ? $0.edges : $0.reversed.edges })
    }

    private static func validated(_ segments: [(start: Point, end: Point)]) throws(Error) -> OctilinearRegion {
        let (summed, offending) = canonicalEdges(summing: segments)
        if let (a, b) = offending { throw .notOctilinear(from: a, to: b) }
        guard let edges = summed else {
            throw .overlapping(near: segments.map(\.start).min(by: lowestFirst) ?? .origin)
        }
        let region = OctilinearRegion(trustedEdges: edges, canonical: true)
        try region.checkIsRegion()
        return region
    }

    /// The order used wherever a region needs a first vertex: lowest, then leftmost.
    public static func lowestFirst(_ a: Point, _ b: Point) -> Bool { a.y != b.y ? a.y < b.y : a.x < b.x }

    /// Checks, once, that the summed boundary encloses every point zero times or once. Edges
    /// that cross have been split where they cross (``canonicalEdges(summing:)``), so no two
    /// edges cross inside a vertical strip between consecutive vertex abscissae; counting the
    /// edges of a strip from below (+1 for an edge with the region above it, −1 below) must then
    /// never leave {0, 1}. Every face of the drawing is met by some strip, so that is complete.
    /// Finally the edges must pair up into wedges at every vertex.
    func checkIsRegion() throws(Error) {
        let xs = Array(Set(edges.map(\.start.x))).sorted()
        for (left, right) in zip(xs, xs.dropFirst()) {
            // The strip's middle, doubled: x = left + right.
            let middle = (left + right).numerator
            var crossing: [(y: ZSqrt2, step: Int, at: Point)] = []
            for edge in edges where edge.line != 2 {
                let (lo, hi) = edge.start.x < edge.end.x ? (edge.start.x, edge.end.x) : (edge.end.x, edge.start.x)
                guard lo <= left, right <= hi else { continue }
                // Doubled height at the middle: y = offset (k 0), offset + x (k 1), offset − x (k 3).
                let doubled: ZSqrt2 = switch edge.line {
                case 0: edge.offset + edge.offset
                case 1: edge.offset + edge.offset + middle
                default: edge.offset + edge.offset - middle
                }
                // Heading right (directions 7, 0, 1), the region, on the left, is above.
                let step = edge.direction == 0 || edge.direction == 1 || edge.direction == 7 ? 1 : -1
                crossing.append((doubled, step, edge.start))
            }
            crossing.sort { $0.y < $1.y }
            var count = 0
            for entry in crossing {
                count += entry.step
                guard count == 0 || count == 1 else { throw .overlapping(near: entry.at) }
            }
            guard count == 0 else { throw .overlapping(near: crossing.last?.at ?? .origin) }
        }
        guard topology() != nil else {
            throw .overlapping(near: edges.map(\.start).min(by: Self.lowestFirst) ?? .origin)
        }
    }
}
