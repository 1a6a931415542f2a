import GridEditGeometry

/// Where one piece lies: its local vertex 0 at `position`, mirrored first when `flipped`
/// (x → −x), then turned counter-clockwise by `rotation` about that vertex.
///
/// A vertex, not the centroid, is the origin: centroids bring in thirds, which `Exact` cannot hold.
public struct Pose: Sendable, Hashable {
    public var piece: TangramPiece
    public var position: Point
    public var rotation: Rotation
    /// Only ever true for the parallelogram; see `init`.
    public private(set) var flipped: Bool

    /// A flip of a triangle or the square is the same shape turned by 90° about the same vertex,
    /// so it is stored that way and every shape has one representation.
    public init(piece: TangramPiece, position: Point, rotation: Rotation = .identity, flipped: Bool = false) {
        self.piece = piece
        self.position = position
        if flipped && !piece.shape.isChiral {
            self.rotation = rotation + Rotation(eighths: 2)
            self.flipped = false
        } else {
            self.rotation = rotation
            self.flipped = flipped
        }
    }

    /// The piece's vertices in the play area, counter-clockwise.
    public var vertices: [Point] {
        var local = piece.shape.localVertices
        if flipped { local = local.map { Point(-$0.x, $0.y) }.reversed() }
        return local.map { v in
            // Local vertices lie in ℤ[√2], so every 45° turn of them stays in (1/4)ℤ[√2].
            position + (v - .origin).rotated(by: rotation)!
        }
    }

    /// The piece as a convex polygon, counter-clockwise.
    public var polygon: Polygon { Polygon(vertices)! }

    /// The same shape at the same place, whatever the vertex order or pose that produced it:
    /// equal for poses a child cannot tell apart.
    public var footprint: Footprint { Footprint(shape: piece.shape, vertices: Set(vertices)) }

    public struct Footprint: Hashable, Sendable {
        public var shape: TangramPiece.Shape
        public var vertices: Set<Point>
    }
}

extension Pose {
    /// The indices of the poses that touch the one at `start`, along an edge or at a corner,
    /// directly or through others (itself included): the figure it belongs to.
    public static func figure(of start: Int, in poses: [Pose]) -> Set<Int> {
        Set(figures(poses).first { $0.contains(start) } ?? [start])
    }

    /// The figures the poses make: groups of indices of poses touching along an edge or at a
    /// corner, directly or through others; each ascending, ordered by their first pose.
    public static func figures(_ poses: [Pose]) -> [[Int]] {
        let polygons = poses.map(\.polygon)
        return UnionFind.groups(count: polygons.count) { polygons[$0].touchesOrOverlaps(polygons[$1]) }
    }
}
