import GridEditCore
import GridEditGeometry

/// Makes pieces fit: a piece (or group) dropped near another piece lands exactly on one of its
/// corners or flush against one of its edges. This is what lets 45°-turned pieces meet, which
/// the 0.25 grid alone cannot do: their corners have √2 parts.
///
/// Anchors are the fixed pieces' vertices and edges. All decisions are exact:
/// - "within the radius" compares squared distances in ℤ[√2] (`Vector.dot`), never a square root;
/// - a corner snap moves by the exact difference of two vertices;
/// - an edge snap makes two parallel, facing edges collinear. For a horizontal or vertical edge
///   the move is perpendicular to it. For a diagonal edge the perpendicular move would need a
///   division by 2 and could leave (1/4)ℤ[√2], so the piece moves along the x axis or the y axis
///   instead (both are tried; each closes the gap exactly, sliding along the edge by the same
///   amount it closes it). The radius then bounds the perpendicular gap (|s|/√2 ≤ r, tested as
///   s² ≤ 2r²).
///
/// Among the candidates that leave the moved pieces overlapping nothing, the one with the most
/// contact wins (coincident corners plus edges shared over a positive length), then the
/// shortest move, then the first found (moving piece order, then vertex order).
public struct AnchorManager: Sendable {
    public var radius: Exact

    public init(radius: Exact) {
        self.radius = radius
    }

    public enum Contact: String, Sendable, Hashable {
        /// A corner landed on a corner.
        case corner
        /// An edge landed flush on an edge.
        case edge
    }

    public struct Snap: Sendable, Hashable {
        /// How far the moving pieces go.
        public var offset: Vector
        public var contact: Contact
        /// The fixed piece of the deciding anchor.
        public var target: TangramPiece
        /// After the move: moving corners that coincide with a fixed corner.
        public var corners: Int
        /// After the move: pairs of moving and fixed pieces that share part of an edge.
        public var edges: Int
    }

    /// The best snap of `moving` against `fixed`, or nil when no anchor is within the radius (or
    /// every candidate would overlap a piece).
    public func snap(_ moving: [Pose], against fixed: [Pose]) -> Snap? {
        var best: Snap?
        for snap in candidates(moving, against: fixed) where best.map({ Self.isBetter(snap, than: $0) }) ?? true {
            best = snap
        }
        return best
    }

    /// Every snap within the radius that leaves the moving pieces overlapping nothing, with its
    /// contact, in the order found (``snap(_:against:)`` picks the best). For callers that rank
    /// differently: a camera layout prefers what it saw over the most contact.
    public func candidates(_ moving: [Pose], against fixed: [Pose]) -> [Snap] {
        guard !moving.isEmpty, !fixed.isEmpty, radius.signum > 0 else { return [] }
        let movingPolygons = moving.map(\.polygon)
        let box = Self.union(movingPolygons.map(\.boundingBox))
        // A snap moves at most r√2 < 2r, so pieces further than 2r cannot be touched or overlapped.
        let reach = radius + radius
        let near = fixed.filter { pose in
            let b = pose.polygon.boundingBox
            return b.minX <= box.maxX + reach && box.minX <= b.maxX + reach
                && b.minY <= box.maxY + reach && box.minY <= b.maxY + reach
        }
        guard !near.isEmpty else { return [] }
        let nearPolygons = near.map(\.polygon)
        let radiusSquared = radius.numerator * radius.numerator  // over 16, like `dot`
        let twiceRadiusSquared = radiusSquared * ZSqrt2(2)

        var candidates: [(offset: Vector, contact: Contact, target: TangramPiece)] = []
        var seen: Set<Vector> = []
        func add(_ offset: Vector, _ contact: Contact, _ target: TangramPiece) {
            if seen.insert(offset).inserted { candidates.append((offset, contact, target)) }
        }

        // Corners on corners.
        for polygon in movingPolygons {
            for v in polygon.vertices {
                for (j, fixedPolygon) in nearPolygons.enumerated() {
                    for w in fixedPolygon.vertices {
                        let offset = w - v
                        if offset.dot(offset) <= radiusSquared { add(offset, .corner, near[j].piece) }
                    }
                }
            }
        }
        // Edges flush on parallel, facing edges (both rings are counter-clockwise, so facing
        // edges run in opposite directions).
        for polygon in movingPolygons {
            for (p, q) in polygon.edges {
                let direction = q - p
                for (j, fixedPolygon) in nearPolygons.enumerated() {
                    for (a, b) in fixedPolygon.edges {
                        let other = b - a
                        guard direction.cross(other) == .zero, direction.dot(other).signum < 0 else { continue }
                        for (offset, diagonal) in Self.flushOffsets(moving: p, fixedStart: a, fixedDirection: other) {
                            let limit = diagonal ? twiceRadiusSquared : radiusSquared
                            guard offset.dot(offset) <= limit,
                                  Self.sharePositiveLength(p + offset, q + offset, a, b) else { continue }
                            add(offset, .edge, near[j].piece)
                        }
                    }
                }
            }
        }

        let fixedCorners = Set(nearPolygons.flatMap(\.vertices))
        var snaps: [Snap] = []
        for candidate in candidates {
            let moved = movingPolygons.map { $0.translated(by: candidate.offset) }
            if moved.contains(where: { m in nearPolygons.contains { m.interiorsOverlap($0) } }) { continue }
            let corners = moved.reduce(0) { $0 + $1.vertices.filter(fixedCorners.contains).count }
            var edges = 0
            for m in moved { for f in nearPolygons where m.sharesBoundarySegment(with: f) { edges += 1 } }
            snaps.append(Snap(offset: candidate.offset, contact: candidate.contact, target: candidate.target,
                              corners: corners, edges: edges))
        }
        return snaps
    }

    static func isBetter(_ a: Snap, than b: Snap) -> Bool {
        let (contactA, contactB) = (a.corners + a.edges, b.corners + b.edges)
        if contactA != contactB { return contactA > contactB }
        return a.offset.dot(a.offset) < b.offset.dot(b.offset)
    }

    /// Moves that put point `p` on the line through `a` with direction `d` (a multiple of 45°),
    /// along an axis; `diagonal` when the line is diagonal.
    static func flushOffsets(moving p: Point, fixedStart a: Point, fixedDirection d: Vector) -> [(Vector, Bool)] {
        if d.y.signum == 0 { return [(Vector(.zero, a.y - p.y), false)] }
        if d.x.signum == 0 { return [(Vector(a.x - p.x, .zero), false)] }
        if d.x == d.y {
            // The line y − x = a.y − a.x.
            let s = (p.y - p.x) - (a.y - a.x)
            return [(Vector(s, .zero), true), (Vector(.zero, -s), true)]
        }
        if d.x == -d.y {
            // The line x + y = a.x + a.y.
            let s = (a.x + a.y) - (p.x + p.y)
            return [(Vector(s, .zero), true), (Vector(.zero, s), true)]
        }
        return []  // not a tangram edge direction
    }

    /// Two collinear segments overlap over a positive length.
    static func sharePositiveLength(_ p: Point, _ q: Point, _ a: Point, _ b: Point) -> Bool {
        let d = b - a
        let length = d.dot(d)
        let (u, v) = (d.dot(p - a), d.dot(q - a))
        return max(.zero, min(u, v)) < min(length, max(u, v))
    }

    /// The smallest box around all of `boxes` (at least one): where moving pieces can reach.
    public static func union(_ boxes: [BoundingBox]) -> BoundingBox {
        boxes.dropFirst().reduce(boxes[0]) { b, c in
            BoundingBox(minX: min(b.minX, c.minX), minY: min(b.minY, c.minY),
                        maxX: max(b.maxX, c.maxX), maxY: max(b.maxY, c.maxY))
        }
    }
}
