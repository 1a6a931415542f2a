import GridEditGeometry

/// One way a piece can fill the start of a corner of the uncovered region: the piece, mirrored
/// or not, with one of its vertices (the *anchor*) on the corner and the edge leaving that vertex
/// (counter-clockwise) along the edge leaving the corner.
///
/// Given the direction of that edge, the pose is fixed, so the table holds, for each of the eight
/// directions, the piece's vertices relative to the anchor and what the search tests first.
/// Corners that give the same footprint (the square's four, the parallelogram's opposite pairs)
/// appear once, so the search never tries one placement twice.
struct PieceCorner: Sendable {
    /// Index into ``PieceCorners/shapes``.
    let shape: Int
    let flipped: Bool
    /// The piece's interior angle at the anchor, in 45° steps.
    let angle: Int
    /// Per direction of the leaving edge: the vertices minus the anchor, counter-clockwise,
    /// starting with the anchor itself (the zero vector).
    let offsets: [[Vector]]
    /// Per direction: the exact extent of the piece with the anchor at the origin.
    let bounds: [OctilinearBounds]
    /// Per direction: steps of the first edge (along the leaving edge) and of the last edge
    /// (along the arriving edge when the piece fills the whole corner), numerators over 4.
    let firstSteps: [ZSqrt2]
    let lastSteps: [ZSqrt2]
    /// Per direction: the pose's rotation, and its position (local vertex 0) minus the anchor.
    let rotation: [Rotation]
    let positionOffset: [Vector]
}

enum PieceCorners {
    /// The shapes in search order, largest first.
    static let shapes: [TangramPiece.Shape] = [.largeTriangle, .mediumTriangle, .smallTriangle, .square, .parallelogram]
    /// How many pieces of each shape a set has.
    static let fullSet = [2, 1, 2, 1, 1]
    /// Areas in half square units.
    static let halfAreas = [4, 2, 1, 2, 2]
    /// The piece ids of each shape, in the order twins are named.
    static let pieces: [[TangramPiece]] = [[.large1, .large2], [.medium], [.small1, .small2], [.square], [.parallelogram]]

    /// Every distinct corner placement of every shape. Immutable, so safe to share between threads.
    static let table: [PieceCorner] = shapes.indices.flatMap(corners(of:))

    /// Per direction of the leaving edge: bounds that hold every entry of the table placed with
    /// its anchor at the origin. A boundary edge that does not enter them can block no entry.
    static let reach: [OctilinearBounds] = (0..<8).map { direction in
        var bounds = OctilinearBounds(Point.origin)
        for corner in table {
            for offset in corner.offsets[direction] { bounds.include(.origin + offset) }
        }
        return bounds
    }

    /// The piece's vertices as `Pose` lists them: mirrored (x → −x, order reversed) when flipped.
    static func localVertices(_ shape: TangramPiece.Shape, flipped: Bool) -> [Point] {
        let local = shape.localVertices
        return flipped ? local.map { Point(-$0.x, $0.y) }.reversed() : local
    }

    private static func corners(of shapeIndex: Int) -> [PieceCorner] {
        let shape = shapes[shapeIndex]
        var seen = Set<Set<Point>>()
        var result: [PieceCorner] = []
        for flipped in shape.isChiral ? [false, true] : [false] {
            let local = localVertices(shape, flipped: flipped)
            let n = local.count
            for anchor in 0..<n {
                let first = Octilinear.direction(of: local[(anchor + 1) % n] - local[anchor])!.direction
                let arriving = Octilinear.direction(of: local[anchor] - local[(anchor + n - 1) % n])!.direction
                var offsets: [[Vector]] = []
                var rotations: [Rotation] = []
                var positions: [Vector] = []
                for direction in 0..<8 {
                    let rotation = Rotation(eighths: direction - first)
                    // Local vertices lie in ℤ[√2], so every 45° turn of their differences is exact.
                    offsets.append((0..<n).map { (local[(anchor + $0) % n] - local[anchor]).rotated(by: rotation)! })
                    rotations.append(rotation)
                    positions.append((Point.origin - local[anchor]).rotated(by: rotation)!)
                }
                guard seen.insert(Set(offsets[0].map { .origin + $0 })).inserted else { continue }
                result.append(PieceCorner(
                    shape: shapeIndex, flipped: flipped,
                    angle: Octilinear.turn(from: first, to: arriving + 4),
                    offsets: offsets,
                    bounds: offsets.map { OctilinearBounds($0.map { .origin + $0 }) },
                    firstSteps: offsets.map { Octilinear.direction(of: $0[1])!.steps.numerator },
                    lastSteps: offsets.map { Octilinear.direction(of: $0[0] - $0[n - 1])!.steps.numerator },
                    rotation: rotations, positionOffset: positions))
            }
        }
        return result
    }
}
