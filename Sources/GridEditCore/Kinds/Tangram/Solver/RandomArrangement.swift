import GridEditGeometry

/// Random valid arrangements of the seven pieces, for tests and benchmarks of the solver: every
/// piece touches the figure built so far along an edge and overlaps nothing.
public enum TangramRandomArrangement {
    /// Seven poses, one per piece, in piece order.
    ///
    /// Pieces are added in random order, each with one of its vertices on a vertex of the
    /// figure so far. With `mixed`, a piece may be turned by any multiple of 45°, so the figure
    /// mixes pieces turned 45° against each other; without, only by multiples of 90° (the
    /// triangles' legs then all run along the axes). The figure may touch itself at points and
    /// enclose holes, as hand-made figures can. With `cornerContacts`, a piece may also join the
    /// figure by a corner alone (a quarter of the pieces are placed so, when they can be).
    public static func make<R: RandomNumberGenerator>(using random: inout R, mixed: Bool, cornerContacts: Bool = false) -> [Pose] {
        while true {
            if let poses = attempt(using: &random, mixed: mixed, cornerContacts: cornerContacts) { return poses }
        }
    }

    /// The same, from a seed: the same arrangement for the same seed on every machine.
    public static func make(seed: UInt64, mixed: Bool) -> [Pose] {
        var random = SplitMix64(seed: seed)
        return make(using: &random, mixed: mixed)
    }

    /// One try; nil when some piece found no place in many attempts (start again).
    private static func attempt<R: RandomNumberGenerator>(using random: inout R, mixed: Bool, cornerContacts: Bool) -> [Pose]? {
        var order = TangramPiece.allCases
        order.shuffle(using: &random)
        let start = Point(Exact(4), Exact(4))
        var placed = [Pose(piece: order[0], position: start, rotation: rotation(using: &random, mixed: mixed),
                           flipped: order[0].shape.isChiral && Bool.random(using: &random))]
        for piece in order.dropFirst() {
            var found: Pose?
            let byCorner = cornerContacts && Int.random(in: 0..<4, using: &random) == 0
            for _ in 0..<1_000 {
                let host = placed.randomElement(using: &random)!
                let corner = host.vertices.randomElement(using: &random)!
                let flipped = piece.shape.isChiral && Bool.random(using: &random)
                let rotation = rotation(using: &random, mixed: mixed)
                let anchor = PieceCorners.localVertices(piece.shape, flipped: flipped).randomElement(using: &random)!
                // Put the chosen vertex on the corner.
                let pose = Pose(piece: piece, position: corner + (Point.origin - anchor).rotated(by: rotation)!,
                                rotation: rotation, flipped: flipped)
                let polygon = pose.polygon
                let bounds = OctilinearBounds(polygon.vertices)
                if !placed.contains(where: { OctilinearBounds($0.vertices).interiorsMeet(bounds) }),
                   byCorner || placed.contains(where: { $0.polygon.sharesBoundarySegment(with: polygon) }) {
                    found = pose
                    break
                }
            }
            guard let found else { return nil }
            placed.append(found)
        }
        return placed.sorted { $0.piece < $1.piece }
    }

    private static func rotation<R: RandomNumberGenerator>(using random: inout R, mixed: Bool) -> Rotation {
        Rotation(eighths: mixed ? Int.random(in: 0..<8, using: &random) : 2 * Int.random(in: 0..<4, using: &random))
    }
}
